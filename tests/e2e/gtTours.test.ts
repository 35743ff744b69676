import { replaysTours } from '../support/toursReplay';

// Guatemala's tours in Chromium (journeys:replay -- gt --tours --browser): every transition of its
// paths, the order placed for a customer with services (its add-ons updated) and for a new one, the
// order's status asked on the page's clock until activated or rejected (the seed's customer typed
// again at the review), the coverage check failed and asked again from the map, the terms' six
// consents.
await replaysTours('gt');
