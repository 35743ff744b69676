import { replaysAll } from '../support/allReplay';

// Every path of journeys/hn.json in Chromium (npm run test:replay; tests/support/allReplay.ts).
replaysAll('hn');
