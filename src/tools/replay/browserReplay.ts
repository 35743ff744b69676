import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REDIRECT_PATH } from '../../app/openingEvents';
import type { CompiledJourney } from '../../runtime/compileJourney';
import type { JourneyPath, PathStep } from '../paths/journeyPaths';
import { packPaths } from '../../pack/countryPack';
import { PAGE_WORDS, type PagesOption } from '../../screens/listPage';
import { phoneContext } from '../browser/chromium';
import { failuresAfter, isCall, replayDataOf, seedEntryFor, type ReplayData } from './replayPath';
import { fieldFillers, formFillers, formSenders, NotDrivable, type DriveContext } from './fillers';
import { choiceTitle, labelPattern, stepScreenOf, type ScreenField, type StepScreenFile } from './stepScreen';
import { runningSandbox } from '../sandbox/runningSandbox';
import { armFault, outboxCodes } from '../sandbox/testerTools';
import { buildCountry, releaseBuild } from '../browser/servedBuild';
import { launchChromium } from '../browser/chromium';
import { operationsOf } from './countryOperations';

type Json = Record<string, unknown>;

/** A provider call the page made, and how it answered (the answers are sealed: the status, and the message the app tracked). */
export interface BrowserCall {
  operationId: string;
  status: number;
  message?: string;
}

/** How a path went in the browser, and where it left, with what the screen and the provider said. */
export interface BrowserReplayResult {
  ok: boolean;
  /** The agent's events done, each with the route it was done on. */
  done: Array<{ place: string; event: string }>;
  /** The screenshots saved, one per step arrived at (and where it left). */
  screenshots: string[];
  /** Where the driver took another value than the path's (a date the provider does not offer...). */
  notes: string[];
  left?: {
    atStep: number;
    /** The route and state the path expected. */
    expected: string;
    /** The route the browser shows. */
    actual: string;
    /** Why the driver could not go on (a widget it cannot drive, a button that stays disabled). */
    reason?: string;
    /** The screen's alerts and field messages. */
    message?: string;
    lastCall?: BrowserCall;
    /** What the path's example had that call answer. */
    pathAnswer?: string;
  };
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
}

/** The screenshot folder of a path: `test-results/replay/<cc>/<path name, sanitised>`. */
export const replayFolder = (country: string, name: string) => join('test-results', 'replay', country.toLowerCase(), name.replace(/[^A-Za-z0-9._-]+/g, '_'));

const decodedPath = (page: Page) => decodeURI(new URL(page.url()).pathname);
/** Whether a path is the route (`/orden/:id` matches `/orden/L-1001`). */
const onRoute = (route: string, path: string) => new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`).test(path);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The country file's map centre: where an agent of that country stands. */
function centreOf(country: string) {
  const file = JSON.parse(readFileSync(packPaths(country.toLowerCase()).countryFile, 'utf8')) as { map?: { center?: { latitude: number; longitude: number } } };
  return file.map?.center ?? { latitude: 0, longitude: 0 };
}

/**
 * Replays a path of `journeys:paths` in Chromium against the built app at `address`, as an agent
 * would: on each step of the path, once the browser shows its route, the screen is driven from
 * its step file (each field of the event's data found by its label and filled by its widget's
 * filler, then the step's button of that event pressed; an event no button sends goes through a
 * field that sends it, the sidebar, or the page opened where the shell sends it). A screenshot per
 * step, as filled just before its event is sent, and of the end. The first step whose route the browser does not show (within the time a
 * provider call takes) is where the replay left the path, with the screen's alerts and the
 * provider's last answer; a field, widget or event the driver cannot work stops it too, named.
 */
export async function replayInBrowser(journey: CompiledJourney, path: JourneyPath, page: Page, options: BrowserReplayOptions): Promise<BrowserReplayResult> {
  const { address, country, folder } = options;
  const position = options.position ?? centreOf(country);
  const seed = options.data ?? replayDataOf(country);
  const sidebar = (JSON.parse(readFileSync(packPaths(country.toLowerCase()).countryFile, 'utf8')) as { sidebar?: Array<{ label: string; event: string }> }).sidebar ?? [];
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const done: BrowserReplayResult['done'] = [];
  const screenshots: string[] = [];
  const notes: string[] = [];

  // The provider's calls, by their operation (the table's paths), and the calls in flight.
  const table = Object.entries(operationsOf(country) ?? {}) as Array<[string, { method: string; path: string }]>;
  const operations = table.map(([id, op]) => ({ id, method: op.method.toUpperCase(), test: new RegExp(`${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`) }));
  const calls: BrowserCall[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const own = (url: string) => url.startsWith(address);
  const finished = (request: { url: () => string }) => {
    if (!own(request.url())) return;
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('request', (request) => {
    if (!own(request.url())) return;
    inFlight += 1;
    lastActivity = Date.now();
  });
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  page.on('response', (response) => {
    const url = new URL(response.url());
    const method = response.request().method();
    const operation = operations.find((o) => o.method === method && o.test.test(url.pathname));
    if (operation) calls.push({ operationId: operation.id, status: response.status() });
  });
  await page.context().setGeolocation(position);

  /** No request of the app's for a moment, nothing the journey waits on, and the step's screen drawn. */
  const settle = async (title?: string) => {
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const busy = (await page.getByRole('status', { name: /^Cargando/ }).count()) > 0;
      if (inFlight === 0 && !busy && Date.now() - lastActivity > 250) break;
      await pause(100);
    }
    if (title) await page.getByRole('heading', { name: title, exact: true }).first().waitFor({ timeout: 5_000 }).catch(() => undefined);
  };

  /** Waits for the browser to show a route: false when it settles elsewhere for 10 s (longer while the journey is busy). */
  const reach = async (route: string | undefined, title?: string) => {
    const until = Date.now() + 10_000;
    for (;;) {
      await settle();
      const shown = decodedPath(page);
      if (route === undefined || onRoute(route, shown)) {
        await settle(title);
        return true;
      }
      if (Date.now() > until) return false;
      await pause(200);
    }
  };

  let shots = 0;
  /** A screenshot named by the route the browser shows (the step's name at `/`). */
  const shoot = async (stepName = 'start') => {
    shots += 1;
    const route = decodedPath(page).replace(/^\//, '').replace(/[^\p{L}\p{N}._-]+/gu, '-') || stepName;
    const file = join(folder, `${String(shots).padStart(2, '0')}-${route}.png`);
    await page.screenshot({ path: file, fullPage: true });
    screenshots.push(file);
  };

  const left = async (atStep: number, step: { stateId: string; route: string | undefined }, reason?: string): Promise<BrowserReplayResult> => {
    await shoot().catch(() => undefined);
    const alerts = (await page.getByRole('alert').allInnerTexts().catch(() => [] as string[])).map((t) => t.trim()).filter(Boolean);
    const fieldErrors = (await page.locator('.mantine-InputWrapper-error').allInnerTexts().catch(() => [] as string[])).map((t) => t.trim()).filter(Boolean);
    const message = [...new Set([...alerts, ...fieldErrors])].join(' | ');
    // The app tracks each failed call with the words the agent reads (window.dataLayer, spec 8).
    const tracked = (await page.evaluate(() => (window.dataLayer ?? []).filter((r) => r.event === 'error_tracking').at(-1)).catch(() => undefined)) as Json | undefined;
    const last = calls.at(-1);
    const lastCall = last && last.status >= 400 && typeof tracked?.error_message === 'string' ? { ...last, message: tracked.error_message } : last;
    const answered = path.steps.slice(0, atStep).filter((s) => isCall(s.event.type)).at(-1)?.event;
    const pathAnswer = answered ? JSON.stringify(answered.output ?? answered.error ?? null).slice(0, 200) : undefined;
    return {
      ok: false,
      done,
      screenshots,
      notes,
      left: {
        atStep,
        expected: `${step.route ?? '(no screen)'} (${step.stateId})`,
        actual: decodedPath(page),
        ...(reason ? { reason } : {}),
        ...(message ? { message } : {}),
        ...(lastCall ? { lastCall } : {}),
        ...(pathAnswer ? { pathAnswer } : {}),
      },
    };
  };

  await page.goto(`${address}/`);
  let refused = false;
  const chosenOffers = new Map<string, string>();
  for (const [index, step] of path.steps.entries()) {
    if (isCall(step.event.type)) continue;
    const screen = stepScreenOf(journey, step.stateId, country);
    if (!(await reach(step.route, screen?.file.title))) return left(index, step);
    // The position given again after a step the path had refuse it.
    if (refused) await page.context().grantPermissions(['geolocation']);
    refused = false;
    for (const failure of failuresAfter(path, index, { data: seed, operations: operationsOf(country) })) {
      if (failure.actor === 'device.location') {
        await page.context().clearPermissions();
        refused = true;
        // A status the sandbox has no fault for (a 422) is left to its seed's answers.
      } else if (failure.fault !== undefined) await armFault(address, failure.actor.slice('api.'.length), failure.fault, country).catch(() => undefined);
    }
    const place = decodedPath(page);
    const entry = seedEntryFor(seed, path, index, step.stateId);
    const ctx: DriveContext = { page, country, position, notes, chosenOffers, settle: () => settle(), ...(entry?.upload ? { photo: entry.upload.file } : {}) };
    try {
      await act(ctx, screen, step, await eventData(step.event, entry?.data), () => shoot(screen?.file.step));
    } catch (error) {
      // What the driver could not do on this screen (a browser's timeout too) is where it left.
      const reason = error instanceof NotDrivable ? error.message : `the driver failed on the screen: ${String((error as Error).message ?? error).split('\n')[0]}`;
      return left(index, step, reason);
    }
    done.push({ place, event: step.event.type });
  }
  const endScreen = stepScreenOf(journey, path.end.stateId, country);
  if (!(await reach(path.end.route, endScreen?.file.title))) return left(path.steps.length, path.end);
  await shoot(endScreen?.file.step);
  return { ok: true, done, screenshots, notes };

  /**
   * The event with the seed's entry laid over its data (as the Node replay does): `$answer...`
   * is left to the upload widget that gets it; `$outbox:...` is the last code the sandbox sent
   * to where the screen says it was sent ("Enviado a ..."), else the last code it sent at all.
   */
  async function eventData(event: PathStep['event'], given: unknown): Promise<PathStep['event']> {
    if (!isObject(given)) return event;
    const answered = (value: unknown) => typeof value === 'string' && value.startsWith('$answer');
    const data = Object.fromEntries(Object.entries(isObject(event.data) ? event.data : {}).filter(([key]) => !answered(given[key])));
    for (const [key, value] of Object.entries(given)) {
      if (answered(value)) continue;
      data[key] = typeof value === 'string' && value.startsWith('$outbox:') ? await lastCode() : value;
    }
    return { ...event, data };
  }

  async function lastCode() {
    const sentTo = /^Enviado a (.+)$/.exec((await page.getByText(/^Enviado a /).first().innerText().catch(() => '')).trim())?.[1];
    const codes = sentTo ? await outboxCodes(address, sentTo) : [];
    if (codes.length > 0) return codes.at(-1);
    const { messages } = (await (await fetch(`${address}/__sandbox/outbox`)).json()) as { messages: Array<{ message: string }> };
    return messages.map((m) => /\b\d{6}\b/.exec(m.message)?.[0]).filter(Boolean).at(-1) ?? '';
  }

  /**
   * Does the event on the screen: its data filled in, then whatever sends it; `look` (the step's
   * screenshot) just before it is sent, with what was typed on the screen.
   */
  async function act(ctx: DriveContext, screen: StepScreenFile | undefined, step: PathStep, event: PathStep['event'], look: () => Promise<void>) {
    const type = event.type;
    // An event the shell sends when the page is opened at a path (the provider's redirect).
    if (type === 'app.redirect') {
      await look();
      if (answeredAfter(step)) await openSession(ctx, screen);
      return void (await page.goto(`${address}${REDIRECT_PATH}`));
    }
    // A field whose change sends it (the months of a contract, the visit's date).
    const sender = screen?.fields.find((f) => (f.options.sends as { event?: unknown } | undefined)?.event === type);
    if (sender) {
      await look();
      const as = (sender.options.sends as { as?: string }).as ?? sender.name;
      return fillField(ctx, sender, event[as]);
    }
    // A tap on the step's whole-form widget (an offer chosen).
    const formWidget = screen?.formWidget;
    if (formWidget && (screen.rootOptions.sends as { event?: unknown } | undefined)?.event === type) {
      const sends = formSenders[formWidget];
      if (!sends) throw new NotDrivable(`the step's widget "${formWidget}" sends ${type}, and the driver cannot tap it`);
      await look();
      return sends(ctx, event, screen.rootOptions);
    }
    // The pages of a list (the sales report's): the page after or before the one shown.
    const pages = screen?.rootOptions.pages as PagesOption | undefined;
    if (pages?.sends.event === type) {
      await look();
      return goToPage(pages, event[pages.sends.as ?? 'page']);
    }
    const buttons = (screen?.file.buttons ?? []).filter((b) => b.event === type);
    if (screen && buttons.length > 0) {
      if (isObject(event.data)) await fillForm(ctx, screen, event.data);
      await look();
      const button = buttons.find((b) => b.primary) ?? (buttons[0] as (typeof buttons)[number]);
      return press(button.label, event.id);
    }
    const entry = sidebar.find((e) => e.event === type);
    if (entry) {
      await look();
      await page.getByRole('button', { name: 'Menú' }).click();
      return page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: entry.label, exact: true }).click();
    }
    throw new NotDrivable(
      `nothing on ${decodedPath(page)} sends ${type}: no button or field of the step "${screen?.file.step ?? step.stateId}" and no menu entry (the app sends it by itself, or never)`,
    );
  }

  /** Whether the first call after the agent's event at `step` answers (none fails). */
  function answeredAfter(step: PathStep) {
    const next = path.steps.slice(path.steps.indexOf(step) + 1).find((s) => isCall(s.event.type));
    return next?.event.type.startsWith('xstate.done.actor.') === true;
  }

  /**
   * The provider's session opened before the shell route is, as when another of its apps sends
   * the agent there: the journey's own sign-in done on this screen (its submit's example); the
   * tab then opened at the route keeps what the sign-in sealed (the PIN the call carries).
   */
  async function openSession(ctx: DriveContext, screen: StepScreenFile | undefined) {
    const start = decodedPath(page);
    const signIn = journey.graph.edges.find((e) => e.source.id === path.steps[0]?.stateId && e.event === 'step.submit');
    const example = signIn?.transition.meta?.example as { data?: unknown } | undefined;
    const button = screen?.file.buttons?.find((b) => b.event === 'step.submit');
    if (!screen || !button || !isObject(example?.data)) throw new NotDrivable(`no sign-in on ${start} to open the provider's session with before ${REDIRECT_PATH}`);
    await fillForm(ctx, screen, example.data);
    await press(button.label, undefined);
    const until = Date.now() + 15_000;
    while (decodedPath(page) === start && Date.now() < until) await pause(100);
    await settle();
  }

  /** Every field of the data the screen has, each by its widget's filler; the step's own widget first. */
  async function fillForm(ctx: DriveContext, screen: StepScreenFile, data: Json) {
    if (screen.formWidget) {
      const fill = formFillers[screen.formWidget];
      if (!fill) throw new NotDrivable(`the step's widget "${screen.formWidget}" cannot be driven`);
      // The whole-form widget gives the fields their values (what the upload answered...).
      return fill(ctx, data, screen.rootOptions);
    }
    for (const field of screen.fields) {
      const value = data[field.name];
      if (value === undefined || field.fixed) continue;
      await fillField(ctx, field, value);
    }
  }

  async function fillField(ctx: DriveContext, field: ScreenField, value: unknown) {
    // A value locked as the document gave it: left when it is the one wanted, else opened ("Editar").
    const shownAs = page.getByRole('group', { name: labelPattern(field.label) }).locator('[data-readonly-value]');
    if ((await shownAs.count()) > 0) {
      const shown = (await shownAs.first().innerText()).trim();
      if (shown === String(value) || shown === choiceTitle(field.schema, value)) return;
      const edit = page.getByRole('button', { name: `Editar ${field.label.toLowerCase()}`, exact: true });
      if ((await edit.count()) === 0) return void notes.push(`${field.label}: shown as "${shown}", not typed`);
      await edit.click();
    }
    const fill = fieldFillers[field.widget];
    if (!fill) throw new NotDrivable(`the field "${field.name}" ("${field.label}") has the widget "${field.widget}", which the driver cannot fill`);
    await fill(ctx, field, value);
    await settle();
  }

  /**
   * Goes to page `wanted` of a list by its buttons, which go one page at a time: the page shown is
   * read where the screen writes it, in the step's words (`pages.text`).
   */
  async function goToPage(pages: PagesOption, wanted: unknown) {
    const template = (pages.text ?? PAGE_WORDS.text).replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    const words = new RegExp(`^${template.replace('{page}', '(\\d+)').replace(/\{\w+\}/g, '\\d+')}$`);
    const shown = page.locator('main').getByRole('status').filter({ hasText: words });
    if ((await shown.count()) === 0) throw new NotDrivable(`the list on ${decodedPath(page)} has a single page: no page ${String(wanted)} to go to`);
    const current = Number(words.exec((await shown.first().innerText()).trim())?.[1]);
    const label = wanted === current + 1 ? (pages.next ?? PAGE_WORDS.next) : wanted === current - 1 ? (pages.previous ?? PAGE_WORDS.previous) : undefined;
    if (!label) throw new NotDrivable(`the list shows page ${current}, and its buttons go one page at a time: not to page ${String(wanted)}`);
    await press(label, undefined);
  }

  /** Presses a button of the step (in the row of `id` when the screen lists rows), once it is enabled. */
  async function press(label: string, id: unknown) {
    // The step's own buttons, not the sidebar's entries of the same names.
    const main = page.locator('main');
    // An event about one row (a lead by its id) is sent from that row's button: the row must be listed.
    const row = main.locator('[data-testid=row]').filter({ hasText: String(id) });
    if (id !== undefined && (await row.count()) === 0) throw new NotDrivable(`no row of ${String(id)} listed on the screen to press "${label}" on`);
    const scope = id !== undefined ? row.first() : main;
    const button = scope.getByRole('button', { name: label, exact: true }).first();
    await button.waitFor({ timeout: 10_000 }).catch(() => {
      throw new NotDrivable(`no button "${label}" on the screen`);
    });
    const until = Date.now() + 15_000;
    while (!(await button.isEnabled())) {
      if (Date.now() > until) throw new NotDrivable(`the button "${label}" stays disabled (a required field empty?)`);
      await pause(100);
    }
    await button.click();
  }
}

/** One line on how a replay went, as the command prints it. */
export function describeBrowserReplay(result: BrowserReplayResult): string {
  const left = result.left;
  if (!left) return `reached its end in Chromium (${result.screenshots.length} screenshots)`;
  const why = [
    left.reason ?? '',
    left.lastCall ? `the last call, ${left.lastCall.operationId}, answered ${left.lastCall.status}${left.lastCall.message ? ` (${left.lastCall.message})` : ''}` : '',
    left.pathAnswer ? `where the path's example answered ${left.pathAnswer}` : '',
    left.message ? `the screen says "${left.message}"` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `left the path after ${result.done.length} event(s): expected ${left.expected}, the browser shows ${left.actual}${why ? ` (${why})` : ''}`;
}

/**
 * `journeys:replay -- <cc> <name> --browser`: builds the country's app once, and replays each
 * path in Chromium against it, served by a sandbox of its own (a fresh seed: one path's sale
 * does not change another's); prints each event and how each went. The number that left their path.
 */
export async function replayPathsInBrowser(journey: CompiledJourney, country: string, paths: JourneyPath[], { verbose = true } = {}): Promise<number> {
  const outDir = await buildCountry({ country: country.toLowerCase() });
  const browser: Browser = await launchChromium();
  let failed = 0;
  try {
    for (const path of paths) {
      const sandbox = await runningSandbox({ staticDir: outDir });
      const context = await phoneContext(browser);
      try {
        const folder = replayFolder(country, path.name);
        const result = await replayInBrowser(journey, path, await context.newPage(), { address: sandbox.address, country, folder });
        if (!result.ok) failed += 1;
        if (verbose) for (const { place, event } of result.done) console.log(`  ${place} --${event}-->`);
        for (const note of result.notes) console.log(`  note: ${note}`);
        console.log(`${result.ok ? '✓' : '✗'} ${path.name}: ${describeBrowserReplay(result)}; screenshots in ${folder}/`);
      } finally {
        await context.close();
        await sandbox.close();
      }
    }
  } finally {
    await browser.close();
    releaseBuild(outDir);
  }
  return failed;
}
