/**
 * How the browser replay sends the agent's event from a step's screen, as an agent would: the
 * event's data filled in, then whatever on the screen sends it (the step's button, a field whose
 * change sends it, the step's whole-form widget, a list's page buttons, the sidebar's entry, or
 * the page opened where the shell sends it, or at a deep link's URL).
 */
import { REDIRECT_PATH } from '../../app/openingEvents';
import { fillLink, type JourneyLink } from '../../pack/links';
import type { CompiledJourney } from '../../runtime/compileJourney';
import type { PagesOption } from '../../screens/listPage';
import type { JourneyPath, PathStep } from '../paths/journeyPaths';
import { decodedPath, pause } from './browserPlace';
import { formSenders, NotDrivable, type DriveContext } from './fillers';
import { answersAfter } from './pathCalls';
import { answerOutsidePage, linkSent } from './outsidePages';
import { fillField, fillForm, goToPage, press } from './screenControls';
import { refuseLeaving, sendAsShell, sentByShell } from './shellSending';
import type { StepScreenFile } from './stepScreen';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What sending an event on a screen needs beyond the screen: the journey and path replayed, the app's address, the sidebar's entries. */
export interface ScreenDriver {
  journey: CompiledJourney;
  path: JourneyPath;
  address: string;
  /** The country file's sidebar: each entry's label and the event it sends. */
  sidebar: Array<{ label: string; event: string }>;
}

/**
 * Does the event on the screen: its data filled in, then whatever sends it; `look` (the step's
 * screenshot) just before it is sent, with what was typed on the screen.
 */
export async function sendOnScreen(driver: ScreenDriver, ctx: DriveContext, screen: StepScreenFile | undefined, step: PathStep, event: PathStep['event'], look: () => Promise<void>) {
  const { page } = ctx;
  const type = event.type;
  if (await sentFromShell(driver, ctx, screen, step, look)) return;
  const link = driver.journey.config.links?.find((l) => l.event === type);
  if (link) return sendByLink(driver, ctx, link, event, look);
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
    return goToPage(page, pages, event[pages.sends.as ?? 'page']);
  }
  const buttons = (screen?.file.buttons ?? []).filter((b) => b.event === type);
  if (screen && buttons.length > 0) {
    if (isObject(event.data)) await fillForm(ctx, screen, event.data);
    await look();
    const button = buttons.find((b) => b.primary) ?? (buttons[0] as (typeof buttons)[number]);
    return press(page, button.label, event.id, ctx.notes);
  }
  const entry = driver.sidebar.find((e) => e.event === type);
  if (entry) {
    await look();
    await page.getByRole('button', { name: 'Menú' }).click();
    return page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: entry.label, exact: true }).click();
  }
  throw new NotDrivable(`nothing on ${decodedPath(page)} sends ${type}: no button or field of the step "${screen?.file.step ?? step.stateId}" and no menu entry (the app sends it by itself, or never)`);
}

/**
 * An event the shell sends, made to happen (true when it was): the page opened at `/redirect`
 * (the provider's redirect), the outside page the shell refuses to leave for, or the shell's own
 * (the idle timeout, a 401...; on the sign-in's screen, with no session yet, by the sign-in's
 * own call failing).
 */
async function sentFromShell(driver: ScreenDriver, ctx: DriveContext, screen: StepScreenFile | undefined, step: PathStep, look: () => Promise<void>): Promise<boolean> {
  const type = step.event.type;
  if (type === 'app.redirect') {
    await look();
    // Signed in already (a tour's redirect from the home screen), the tab keeps its session.
    const signedOut = step.stateId === driver.path.steps[0]?.stateId;
    if (signedOut && answersAfter(driver.path, driver.path.steps.indexOf(step))) await openSession(driver, ctx, screen);
    await ctx.page.goto(`${driver.address}${REDIRECT_PATH}`);
    return true;
  }
  if (type === 'app.leaveRefused') {
    await look();
    // The step's button of the event that leaves (its page then refused by the shell).
    const pressEvent = async (leaving: string) => {
      const button = screen?.file.buttons?.find((b) => b.event === leaving && b.primary) ?? screen?.file.buttons?.find((b) => b.event === leaving);
      if (!button) throw new NotDrivable(`no button on ${decodedPath(ctx.page)} sends ${leaving}, which leaves for the outside page`);
      await press(ctx.page, button.label, undefined);
    };
    await refuseLeaving(driver.journey, { address: driver.address, country: ctx.country }, step.stateId, pressEvent);
    return true;
  }
  if (!sentByShell(type)) return false;
  await look();
  const signingIn = step.stateId === driver.path.steps[0]?.stateId;
  await sendAsShell(ctx.page, { address: driver.address, country: ctx.country }, type, signingIn ? () => pressSignIn(driver, ctx, screen) : undefined);
  return true;
}

/**
 * A deep link's event (a return link, a customer's link), sent where it comes from (after a
 * `leave`, the replay is on the outside page by now: browserReplay.ts): the seed's answer of
 * that page (`outside`) is given on the page itself, whose redirect is the return link. Else
 * the tab is opened at the link, filled from the event's values; values only the journey has
 * (`$journey:`, sealed in the browser) are in the link of the message the provider sent (the
 * SMS's), which the customer taps.
 */
async function sendByLink(driver: ScreenDriver, ctx: DriveContext, link: JourneyLink, event: PathStep['event'], look: () => Promise<void>) {
  const { page } = ctx;
  if (ctx.outside) return answerOutsidePage(page, ctx.outside, look);
  await look();
  const values = isObject(event.values) ? event.values : {};
  const journeys = Object.values(values).some((v) => typeof v === 'string' && v.startsWith('$journey:'));
  return void (await page.goto(`${driver.address}${journeys ? await linkSent(driver.address, link) : fillLink(link, values)}`));
}

/** The journey's own sign-in done on this screen: its submit's example typed, its button pressed. */
async function pressSignIn({ journey, path }: ScreenDriver, ctx: DriveContext, screen: StepScreenFile | undefined) {
  const signIn = journey.graph.edges.find((e) => e.source.id === path.steps[0]?.stateId && e.event === 'step.submit');
  const example = signIn?.transition.meta?.example as { data?: unknown } | undefined;
  const button = screen?.file.buttons?.find((b) => b.event === 'step.submit');
  if (!screen || !button || !isObject(example?.data)) throw new NotDrivable(`no sign-in on ${decodedPath(ctx.page)} to sign in with`);
  await fillForm(ctx, screen, example.data);
  await press(ctx.page, button.label, undefined);
}

/**
 * The provider's session opened before the shell route is, as when another of its apps sends
 * the agent there: the journey's own sign-in done on this screen (its submit's example); the
 * tab then opened at the route keeps what the sign-in sealed (the PIN the call carries).
 */
async function openSession(driver: ScreenDriver, ctx: DriveContext, screen: StepScreenFile | undefined) {
  const { page } = ctx;
  const start = decodedPath(page);
  await pressSignIn(driver, ctx, screen);
  const until = Date.now() + 15_000;
  while (decodedPath(page) === start && Date.now() < until) await pause(100);
  await ctx.settle();
}
