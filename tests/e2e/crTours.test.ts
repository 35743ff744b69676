import { replaysTours } from '../support/toursReplay';

// Costa Rica's tours in Chromium (journeys:replay -- cr --tours --browser): every transition of
// its paths, the customer's public pages, the hosted payment page and the SMS's link included.
await replaysTours('cr');
