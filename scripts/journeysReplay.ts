/**
 * `npm run journeys:replay -- <cc> <path-name> | --all`: replays a path of `journeys:paths`
 * (by its name) in Node against a sandbox started here (a fresh seed in memory, every call real),
 * sending the agent's events of the path; prints each step, and where the journey left the path
 * and why (the provider's last answer, the screen's message). `--all` replays every path and
 * counts them; `--cover` only the fewest that together take every transition; `--tours` the few
 * long walks that take every transition (src/tools/paths/journeyTours.ts: what CI replays in
 * Chromium). `--browser`: in Chromium against the built app instead, the screens driven as an
 * agent would, a screenshot per step (src/tools/replay/browserReplay.ts). Each path's line starts
 * with its status: ✓ passed, ⚠ warned (the browser's driver took a value of its own: a date not
 * offered, an offer not on the screen; `--strict` fails it), ○ expected (a known limit of the
 * seed, with its reason: src/tools/replay/seedLimits.ts), ✗ failed. Exit 1 when a replay fails.
 */
import { didYouMean } from '../src/pack/didYouMean';
import { branchCover } from '../src/tools/paths/branchCover';
import { checkedTours } from '../src/tools/replay/toursChecked';
import { journeyPaths } from '../src/tools/paths/journeyPaths';
import { replayPathsInBrowser } from '../src/tools/replay/browserReplay';
import { replayPathsInNode } from '../src/tools/replay/replayInNode';
import { loadJourneyFile } from '../src/checker/loadJourneyFile';
import { replaySessionCommand } from '../src/tools/replay/sessionFileReplay';

const args = process.argv.slice(2);
// A session exported from the app, in place of a path: `<cc> --session <file> [--key <private.jwk>]`.
if (args.includes('--session')) process.exit(await replaySessionCommand(args, loadJourneyFile));
// `--cover`: the fewest paths that together take every transition (src/tools/paths/branchCover.ts).
const cover = args.includes('--cover');
// `--tours`: a few walks from the sign-in that, together, take every transition (journeyTours.ts),
// those that do not replay in Node replaced by paths (toursChecked.ts).
const tours = args.includes('--tours');
const [country, name] = args.filter((a) => !a.startsWith('--'));
const all = args.includes('--all') || cover || (tours && !name);
// `--strict` (in the browser): a path the driver replayed with a value of its own (a warning that is no known limit) fails.
const strict = args.includes('--strict');
if (!country || (!name && !all && !tours)) {
  console.error('usage: npm run journeys:replay -- <country code> <path name>   (names: npm run journeys:paths -- <country code>), or --all, --cover or --tours; with --browser [--strict]');
  process.exit(2);
}
const journey = loadJourneyFile(`journeys/${country.toLowerCase()}.json`);
const { paths } = journeyPaths(journey);
const chosen = tours ? await toursToReplay() : cover ? branchCover(paths) : all ? paths : paths.filter((p) => p.name === name);

/** The tours that replay in Node, and paths for the branches of those that do not (each said). */
async function toursToReplay() {
  const { chosen: picked, leftOut } = await checkedTours(journey);
  for (const { name: tour, why } of leftOut) console.error(`${tour} is cut or replaced: in Node it ${why}`);
  // `--tours <name>`: that one only (a tour's or a path's name, as the list printed).
  return name ? picked.filter((p) => p.name === name) : picked;
}
if (chosen.length === 0) {
  const near = didYouMean(name ?? '', paths.map((p) => p.name));
  console.error(`no path named "${name}" in journeys/${country.toLowerCase()}.json${near ? `; did you mean "${near}"?` : ''}`);
  process.exit(2);
}
if (args.includes('--browser')) {
  const started = Date.now();
  const counts = await replayPathsInBrowser(journey, country, chosen, { verbose: !all, strict });
  const took = Math.round((Date.now() - started) / 1000);
  const besides = [counts.warned > 0 ? `${counts.warned} with warnings` : '', counts.expected > 0 ? `${counts.expected} expected (known limits of the seed)` : ''].filter(Boolean).join(', ');
  if (all) console.error(`${chosen.length - counts.failed} of ${chosen.length} path(s) replayed to their end in Chromium${besides ? ` (${besides})` : ''}, in ${Math.floor(took / 60)} min ${took % 60} s (the build included).`);
  process.exit(counts.failed > 0 ? 1 : 0);
}

const { failed, expected } = await replayPathsInNode(journey, chosen, { verbose: !all, tours });
if (all) console.error(`${chosen.length - failed - expected} of ${chosen.length} path(s) replayed to their end against the sandbox.${expected > 0 ? ` ${expected} left where a known limit of the seed was expected.` : ''}`);
process.exitCode = failed > 0 ? 1 : 0;
