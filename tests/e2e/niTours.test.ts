import { replaysTours } from '../support/toursReplay';

// Nicaragua's tours in Chromium (journeys:replay -- ni --tours --browser): every transition of its
// paths, the refused agreement and the rejected order typed as the seed's customers, the sales
// report's second page, and the visit dates' failed call asked again.
await replaysTours('ni');
