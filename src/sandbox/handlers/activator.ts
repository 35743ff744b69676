import type { Handler } from '../handler';

/** Not implemented yet: the sandbox answers 501 for these operations. */
export const activatorHandlers: Record<string, Handler> = {};
