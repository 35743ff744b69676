import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { CompiledJourney } from '../../runtime/compileJourney';
import { isCallEvent as isCall, type JourneyPath, type PathStep } from '../paths/journeyPaths';
import { packPaths } from '../../pack/countryPack';
import { phoneContext } from '../browser/chromium';
import { NotDrivable, type DriveContext } from './fillers';
import { stepScreenOf } from './stepScreen';
import { runningSandbox } from '../sandbox/runningSandbox';
import { buildCountry, releaseBuild } from '../browser/servedBuild';
import { launchChromium } from '../browser/chromium';
import { operationsOf } from './countryOperations';
import { decodedPath, reach, settle } from './browserPlace';
import { whereBrowserLeft, type BrowserLeft } from './browserLeft';
import { eventWithSeed, rememberTyped } from './browserEventData';
import { watchTraffic, type PageTraffic } from './pageTraffic';
import { awayFrom, leftBeforeEvent } from './outsidePages';
import { failForReal } from './pathCalls';
import { replayDataOf, seedEntryFor, type ReplayData } from './replayData';
import { sendOnScreen, type ScreenDriver } from './screenSending';
import { needsPageClock } from './shellSending';
import { hasTimer, journeyTimer, LONG_TIMER_MS, passTimer } from './journeyTimers';
import { screenshotFolder, type Screenshots } from './screenshots';
import { knownLimit } from './seedLimits';
import { replayStatus, STATUS_MARK, substitutions, type ReplayStatus, type ReplayWarning } from './replayStatus';
import { seenInBrowser, traceInBrowser, type BrowserTrace } from './browserTrace';
import { describeDifferingCall, differingCall } from './differingCall';

export type { BrowserCall } from './pageTraffic';

/** How a path went in the browser, and where it left, with what the screen and the provider said. */
export interface BrowserReplayResult {
  ok: boolean;
  /** The agent's events done, each with the route it was done on. */
  done: Array<{ place: string; event: string }>;
  /** The screenshots saved, one per step arrived at (and where it left). */
  screenshots: string[];
  /**
   * Where the driver took another value than the path's (a date the provider does not offer, an
   * offer not on the screen: a substitution) or a timer of the path did not fire, each at its
   * state; those that are a known limit of the seed carry its reason (src/tools/replay/seedLimits.ts).
   */
  warnings: ReplayWarning[];
  left?: BrowserLeft;
}

export interface BrowserReplayOptions {
  /** The served app's address (a sandbox serving the build: every call real). */
  address: string;
  country: string;
  /** Where the screenshots go (emptied first). */
  folder: string;
  /** Where the device is: the country file's map centre by default. */
  position?: { latitude: number; longitude: number };
  /** The seed's replay data (src/sandbox/seed/<cc>/replay.json by default). */
  data?: ReplayData;
  /** A screenshot of each step (the default, the tester's gallery), or only of where the replay left its path. */
  screenshots?: 'each step' | 'where it left';
  /** Moves the provider's clock on with the page's, past a journey's timer (see sandboxForReplay). */
  moveSandboxClock?: (ms: number) => void;
}

/**
 * A sandbox serving the build for one replay (a fresh seed), whose clock the replay moves on
 * with the page's past a journey's timer: an order still processing when the app stops
 * asking is further on by then at the provider too.
 */
export async function sandboxForReplay(staticDir: string) {
  const shift = { ms: 0 };
  const sandbox = await runningSandbox({ staticDir, now: () => new Date(Date.now() + shift.ms) });
  return { sandbox, moveSandboxClock: (ms: number) => void (shift.ms += ms) };
}

/** The screenshot folder of a path: `test-results/replay/<cc>/<path name, sanitised>`. */
export const replayFolder = (country: string, name: string) => join('test-results', 'replay', country.toLowerCase(), name.replace(/[^A-Za-z0-9._-]+/g, '_'));

/** What the replay reads of the country file: the map's centre (where an agent of that country stands) and the sidebar's entries. */
function countryFileOf(country: string) {
  return JSON.parse(readFileSync(packPaths(country.toLowerCase()).countryFile, 'utf8')) as {
    map?: { center?: { latitude: number; longitude: number } };
    sidebar?: Array<{ label: string; event: string }>;
  };
}

/** One replay in the browser: what its steps share, and what it has done so far. */
interface BrowserRun extends ScreenDriver {
  page: Page;
  country: string;
  position: { latitude: number; longitude: number };
  seed: ReplayData;
  traffic: PageTraffic;
  /** The journey's events and states so far, for the call whose answer sent it elsewhere (browserTrace.ts). */
  trace: BrowserTrace;
  /** The path's index of the agent's last event sent, none before the first. */
  sentAt?: number;
  camera: Screenshots;
  done: BrowserReplayResult['done'];
  /** What the fillers of the step being driven note (a value not the path's), made warnings when the step is done. */
  notes: string[];
  warnings: ReplayWarning[];
  /** The offers chosen so far, by the path's planId (DriveContext). */
  chosenOffers: Map<string, string>;
  /** Whether the last step had the device's position refused (given again on the next). */
  refused: boolean;
  /** What the replay typed so far, the last value of each field by its name (eventWithSeed's `$journey:`). */
  typed: Map<string, unknown>;
}

/** The replay's run on the page: the folder emptied, the page's traffic watched, the device put where the agent stands. */
async function startRun(journey: CompiledJourney, path: JourneyPath, page: Page, options: BrowserReplayOptions): Promise<BrowserRun> {
  const { address, country } = options;
  const file = countryFileOf(country);
  const position = options.position ?? file.map?.center ?? { latitude: 0, longitude: 0 };
  const seed = options.data ?? replayDataOf(country);
  const camera = screenshotFolder(page, options.folder, { eachStep: options.screenshots !== 'where it left' });
  const traffic = watchTraffic(page, address, country);
  const trace = await traceInBrowser(page, traffic, journey, operationsOf(country));
  await page.context().setGeolocation(position);
  const sidebar = file.sidebar ?? [];
  return { journey, path, address, sidebar, page, country, position, seed, traffic, trace, camera, done: [], notes: [], warnings: [], chosenOffers: new Map(), refused: false, typed: new Map() };
}

/** How the run went, `left` where it left the path. */
const resultOf = (run: BrowserRun, left?: BrowserLeft): BrowserReplayResult => ({ ok: !left, done: run.done, screenshots: run.camera.files, warnings: run.warnings, ...(left ? { left } : {}) });

/** A warning at `stateId` for the path's `event`, with a known limit's reason when it is one. */
function warn(run: BrowserRun, stateId: string, event: string, text: string): void {
  const expected = knownLimit({ meets: 'warning', stateId, event, text });
  run.warnings.push({ stateId, event, text, ...(expected ? { expected } : {}) });
}

/** The fillers' notes of the step just driven, made its warnings. */
function warnOfStep(run: BrowserRun, step: PathStep): void {
  for (const text of run.notes.splice(0)) warn(run, step.stateId, step.event.type, text);
}

/**
 * Where the run left the path at step `atStep`: a screenshot of it, what the screen and the
 * provider said, and the call whose answer sent the journey elsewhere (among those after the
 * agent's last event; before the first, those the journey made at its start), as in Node.
 */
async function leftAt(run: BrowserRun, atStep: number, step: { stateId: string; route: string | undefined }, reason?: string): Promise<BrowserReplayResult> {
  await run.camera.left().catch(() => undefined);
  const differed = differingCall(run.path, { from: run.sentAt ?? 0, to: atStep }, run.trace.sinceLastSent(), { sees: seenInBrowser });
  return resultOf(run, await whereBrowserLeft(run.page, { path: run.path, calls: run.traffic.calls, differed }, atStep, step, reason));
}

/** What the driver could not do on this screen (a browser's timeout too), in a line. */
const whyStopped = (error: unknown) =>
  error instanceof NotDrivable ? error.message : `the driver failed on the screen: ${String((error as Error).message ?? error).split('\n')[0]}`;

/**
 * The calls the path has fail after the event at `index`, failed for real: the sandbox's fault
 * armed, the device's position refused (and given again on the step after).
 */
async function failAfter(run: BrowserRun, index: number) {
  const context = run.page.context();
  // The position given again after a step the path had refuse it.
  if (run.refused) await context.grantPermissions(['geolocation']);
  run.refused = false;
  await failForReal(run.path, index, { address: run.address, country: run.country, data: run.seed, operations: operationsOf(run.country), toTimer: true }, async () => {
    await context.clearPermissions();
    run.refused = true;
  });
}

/** The agent's event at `index` done on its screen once the browser shows it: where the run left the path, if it did. */
async function replayStep(run: BrowserRun, index: number, step: PathStep): Promise<BrowserReplayResult | undefined> {
  const { page, country } = run;
  const screen = stepScreenOf(run.journey, step.stateId, country);
  // A link's event is sent from wherever the browser is (after a `leave`, the outside page):
  // the journey's place is checked at the next step.
  const byLink = run.journey.config.links?.some((link) => link.event === step.event.type) === true;
  // After a `leave` the browser goes to the outside page (the shell saves the journey first):
  // there before anything else, so that nothing races it. A link's event is sent from there;
  // another is done back in the app, where the customer comes back without the page's answer,
  // by the browser's back (the payment's `away`).
  if (leftBeforeEvent(run.journey, run.path, index)) {
    const away = awayFrom(page, run.done.at(-1)?.place ?? '').then(() => (byLink ? undefined : page.goBack()));
    const left = await away.then(() => undefined, (error: unknown) => leftAt(run, index, step, whyStopped(error)));
    if (left) return left;
  }
  if (!byLink && !(await reach(page, run.traffic, step.route, screen?.file.title))) return leftAt(run, index, step);
  await failAfter(run, index);
  const place = decodedPath(page);
  const entry = seedEntryFor(run.seed, run.path, index, step.stateId);
  const { position, notes, chosenOffers } = run;
  const seeded = { ...(entry?.upload ? { photo: entry.upload.file } : {}), ...(entry?.outside ? { outside: entry.outside.form } : {}) };
  const ctx: DriveContext = { page, country, position, notes, chosenOffers, settle: () => settle(page, run.traffic), ...seeded };
  try {
    const event = await eventWithSeed(page, run.address, step.event, entry?.data, run.typed);
    // Just before the event is sent (its screenshot's moment, after the fields were filled): the
    // state the app writes next is where it led.
    const sending = () => {
      run.trace.sent(step.event.type);
      run.sentAt = index;
      return run.camera.step(screen?.file.step);
    };
    await sendOnScreen(run, ctx, screen, step, event, sending);
    rememberTyped(run.typed, event);
  } catch (error) {
    warnOfStep(run, step);
    // What the driver could not do on this screen (a browser's timeout too) is where it left.
    return leftAt(run, index, step, whyStopped(error));
  }
  warnOfStep(run, step);
  run.done.push({ place, event: step.event.type });
  return undefined;
}

/**
 * Replays a path of `journeys:paths` in Chromium against the built app at `address`, as an agent
 * would: on each step of the path, once the browser shows its route, the screen is driven from
 * its step file (each field of the event's data found by its label and filled by its widget's
 * filler, then the step's button of that event pressed; an event no button sends goes through a
 * field that sends it, the sidebar, or the page opened where the shell sends it). A screenshot per
 * step, as filled just before its event is sent, and of the end. The first step whose route the browser does not show (within the time a
 * provider call takes) is where the replay left the path, with the call whose answer sent the
 * journey elsewhere (browserTrace.ts, differingCall.ts), the screen's alerts and the provider's
 * last answer; a field, widget or event the driver cannot work stops it too, named.
 */
export async function replayInBrowser(journey: CompiledJourney, path: JourneyPath, page: Page, options: BrowserReplayOptions): Promise<BrowserReplayResult> {
  const run = await startRun(journey, path, page, options);
  // A shell's event or a journey's timer the path has is made by moving the page's clock, which must be installed before the app loads.
  if (needsPageClock(path) || hasTimer(path)) await page.clock.install();
  await page.goto(`${options.address}/`);
  for (const [index, step] of path.steps.entries()) {
    const timer = journeyTimer(step.event.type);
    if (timer) {
      // The failures of the calls the timer starts armed before it fires.
      if (await passTimer(page, timer, run.traffic, { moveSandboxClock: options.moveSandboxClock, beforeFire: () => failAfter(run, index) })) continue;
      if (timer.ms >= LONG_TIMER_MS) return leftAt(run, index, step, `the journey never entered ${timer.owner}, whose ${timer.ms} ms timer the path has fire`);
      // A short one (an order's next status check) the seed's answers did not need: where the
      // journey went instead is checked at the path's next step.
      warn(run, timer.owner, step.event.type, `the ${timer.ms} ms timer of ${timer.owner} did not fire: the journey had gone on (the provider answered otherwise than the path)`);
      continue;
    }
    if (isCall(step.event.type)) continue;
    const left = await replayStep(run, index, step);
    if (left) return left;
  }
  const endScreen = stepScreenOf(journey, path.end.stateId, options.country);
  if (!(await reach(page, run.traffic, path.end.route, endScreen?.file.title))) return leftAt(run, path.steps.length, path.end);
  await run.camera.step(endScreen?.file.step);
  return resultOf(run);
}

/**
 * How a replay went (src/tools/replay/replayStatus.ts): a substitution (the path's date or offer
 * not offered, another taken) is a warning, and in `--strict` a failure; a warning that is a
 * known limit of the seed is expected, with its reason.
 */
export const statusOf = (result: BrowserReplayResult, strict = false): ReplayStatus => replayStatus(result, strict);

/** Whether a replay passed: reached its end and, in `--strict`, with no substitution (a warning that is not a known limit). */
export const passes = (result: BrowserReplayResult, strict: boolean) => statusOf(result, strict) !== 'failed';

/** One line on how a replay went, as the command prints it (`strict`: a replay with a substitution failed). */
export function describeBrowserReplay(result: BrowserReplayResult, strict = false): string {
  const left = result.left;
  const substituted = substitutions(result.warnings).length;
  const expected = result.warnings.length - substituted;
  const counts = [substituted > 0 ? `${substituted} warning(s): value(s) not the path's` : '', expected > 0 ? `${expected} expected (known limits of the seed)` : ''].filter(Boolean).join(', ');
  if (!left && strict && substituted > 0) return `reached its end in Chromium with ${counts} (--strict: failed)`;
  if (!left) return `reached its end in Chromium (${result.screenshots.length} screenshots${counts ? `, ${counts}` : ''})`;
  // The call whose answer differed from the path's example says why; the last call made is said only without it.
  const why = [
    left.reason ?? '',
    left.differed ? describeDifferingCall(left.differed) : '',
    !left.differed && left.lastCall ? `the last call, ${left.lastCall.operationId}, answered ${left.lastCall.status}${left.lastCall.message ? ` (${left.lastCall.message})` : ''}` : '',
    !left.differed && left.pathAnswer ? `where the path's example answered ${left.pathAnswer}` : '',
    left.message ? `the screen says "${left.message}"` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `left the path after ${result.done.length} event(s): expected ${left.expected}, the browser shows ${left.actual}${why ? ` (${why})` : ''}`;
}

/** A warning as the command prints it under its path: a substitution (which `--strict` fails), or expected with the known limit's reason. */
export const describeWarning = (warning: ReplayWarning, strict = false) =>
  warning.expected ? `expected: ${warning.text} (${warning.expected})` : `warning${strict ? ' (fails in --strict)' : ''}: ${warning.text}`;

/**
 * `journeys:replay -- <cc> <name> --browser`: builds the country's app once, and replays each
 * path in Chromium against it, served by a sandbox of its own (a fresh seed: one path's sale
 * does not change another's); prints each event, each warning, and how each went. How many
 * passed, warned, were expected (a known limit of the seed) and failed.
 */
export async function replayPathsInBrowser(
  journey: CompiledJourney,
  country: string,
  paths: JourneyPath[],
  { verbose = true, strict = false } = {},
): Promise<Record<ReplayStatus, number>> {
  const outDir = await buildCountry({ country: country.toLowerCase() });
  const browser: Browser = await launchChromium();
  const counts: Record<ReplayStatus, number> = { passed: 0, warned: 0, expected: 0, failed: 0 };
  try {
    for (const path of paths) {
      const started = Date.now();
      const { sandbox, moveSandboxClock } = await sandboxForReplay(outDir);
      const context = await phoneContext(browser);
      try {
        const folder = replayFolder(country, path.name);
        const result = await replayInBrowser(journey, path, await context.newPage(), { address: sandbox.address, country, folder, moveSandboxClock });
        const status = statusOf(result, strict);
        counts[status] += 1;
        if (verbose) for (const { place, event } of result.done) console.log(`  ${place} --${event}-->`);
        for (const warning of result.warnings) console.log(`  ${describeWarning(warning, strict)}`);
        // How long each took: what a set of paths costs in CI (the cover's, npm run test:replay).
        console.log(`${STATUS_MARK[status]} ${path.name}: ${describeBrowserReplay(result, strict)} in ${Math.round((Date.now() - started) / 1000)} s; screenshots in ${folder}/`);
      } finally {
        await context.close();
        await sandbox.close();
      }
    }
  } finally {
    await browser.close();
    releaseBuild(outDir);
  }
  return counts;
}
