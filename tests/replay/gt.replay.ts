import { replaysCover } from '../support/coverReplay';

// The branch cover of journeys/gt.json in Chromium (npm run test:replay; tests/support/coverReplay.ts).
replaysCover('gt');
