/**
 * `npm run journeys:walk [-- <cc>]`: walk a country's journey in the terminal, step by step, before the
 * screens exist. At each step it shows the route, progress and message, and lists what the
 * agent can do (the events the journey accepts there, with the example data written in the
 * journey file); when the journey calls the provider it lists the answers the journey knows
 * (the examples of each onDone/onError branch). Type a number to choose, `q` to quit.
 * Product owners use it to try a journey they edit; testers to reproduce a path by hand.
 */
import { createInterface } from 'node:readline/promises';
import { loadJourneyFile } from '../src/checker/loadJourneyFile';
import { countryActors } from '../src/openapi/countryActors';
import { DEFAULT_COUNTRY } from '../src/pack/defaultCountry';
import { walkJourney } from '../src/tools/walk/journeyWalk';

const country = (process.argv[2] ?? DEFAULT_COUNTRY).toLowerCase();
const io = createInterface({ input: process.stdin });
await walkJourney(loadJourneyFile(`journeys/${country}.json`), countryActors(country), io[Symbol.asyncIterator]());
io.close();
