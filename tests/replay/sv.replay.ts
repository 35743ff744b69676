import { replaysCover } from '../support/coverReplay';

// The branch cover of journeys/sv.json in Chromium (npm run test:replay; tests/support/coverReplay.ts).
replaysCover('sv');
