import { replaysAll } from '../support/allReplay';

// Every path of journeys/ni.json in Chromium (npm run test:replay; tests/support/allReplay.ts).
replaysAll('ni');
