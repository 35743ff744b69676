import { expose } from 'comlink';
import { prepareImage } from './prepareImage';

// The compression worker: decoding a 12 MP photo and encoding it again take seconds on a phone,
// which on the main thread would freeze the screen (docs/architecture.md, budgets: no main-thread task over 50 ms).
const api = { prepareImage };

export type CompressWorkerApi = typeof api;

expose(api);
