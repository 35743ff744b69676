import { replaysTours } from '../support/toursReplay';

// Paraguay's tours in Chromium (journeys:replay -- py --tours --browser): every transition of its
// paths, a foreign document's nationality, the identity check refused, the codes sent again, the
// transaction's status asked on the page's clock until the journey gives up (1000 s) and the
// sales report's second page.
await replaysTours('py');
