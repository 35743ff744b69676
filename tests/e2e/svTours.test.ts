import { replaysTours } from '../support/toursReplay';

// El Salvador's tours in Chromium (journeys:replay -- sv --tours --browser): every transition of
// its paths, the shell's own events (idle, 401, another session, maintenance), the retries after
// a failed list and the sales report's second page (the seed's seller with a long history). A
// screenshot of each step, as the command saves them for a tester (the other countries' tours
// save only where a replay left).
await replaysTours('sv', { screenshots: 'each step' });
