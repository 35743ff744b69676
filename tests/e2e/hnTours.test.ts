import { replaysTours } from '../support/toursReplay';

// Honduras's tours in Chromium (journeys:replay -- hn --tours --browser): every transition of its
// paths, the shell's own events, the order's status asked until the journey gives up (the page's
// and the sandbox's clocks moved past its 1000 s), the add-ons' failed call (the optional field
// left empty) and the sales report's second page with its cancel select at the foot of a page.
await replaysTours('hn');
