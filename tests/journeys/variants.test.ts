/**
 * What other countries need from step `meta` (spec country-variants.md, sections 2 and 4),
 * proved on small fixture journeys run in a real actor: written and computed progress, back
 * blocked, back forced home, a landing that redirects and resets the history, and end screens.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkJourney } from '../../src/checker/checkJourney';
import { compileJourney, type CompiledJourney } from '../../src/runtime/compileJourney';
import type { JourneyEmitted } from '../../src/runtime/emitted';
import type { JourneyConfig, StateConfig } from '../../src/pack/journeyTypes';
import { formatProblem } from '../../src/checker/problem';
import { driveJourney } from '../support/driveJourney';
import { countryActors } from '../../src/openapi/countryActors';
import { loadJourney } from '../support/journeyFiles';

type Event = { type: string } & Record<string, unknown>;
type Run = ReturnType<typeof driveJourney>;

/** One screen of a walk: the event that leads to it and what the shell then shows. */
interface Shown {
  event: Event;
  step: string;
  route: string;
  progress?: { n: number; of: number };
}

const fixture = (name: string) => `tests/fixtures/journeys/${name}.json`;
const submit = (data: Record<string, unknown> = {}): Event => ({ type: 'step.submit', data });
const back = (route?: string): Event => (route === undefined ? { type: 'nav.back' } : { type: 'nav.back', route });
const of = (n: number, total: number) => ({ n, of: total });

/** What the shell sees of the current step. */
const screen = (run: Run) => {
  const step = run.step();
  return { step: step?.step, route: step?.route, progress: step?.progress };
};

/** What the shell should see on a screen of a walk (no progress unless given). */
const expected = ({ step, route, progress }: Shown) => ({ step, route, progress });

const entered = (run: Run) => run.emitted.filter((e): e is Extract<JourneyEmitted, { type: 'step.entered' }> => e.type === 'step.entered');
const ended = (run: Run) => run.emitted.filter((e) => e.type === 'flow.ended');

describe('HN: progress written as n/12, back blocked on scheduleVisit and orderSuccess', () => {
  const journey = loadJourney(fixture('hn-progress'));
  // The flow of spec 2 (HN), landing first; progress only where the spec shows it.
  const flow: Shown[] = [
    { event: submit(), step: 'home', route: '/inicio' },
    { event: { type: 'menu.newClient' }, step: 'clientInformation', route: '/información-del-cliente' },
    { event: submit(), step: 'locationServices', route: '/servicios-de-ubicacion' },
    { event: submit(), step: 'inputAddress', route: '/ingresa-direccion' },
    { event: submit(), step: 'map', route: '/direccion-mapa' },
    { event: submit({ offerAvailable: true }), step: 'products', route: '/productos', progress: of(1, 12) },
    { event: submit(), step: 'addons', route: '/adicionales', progress: of(2, 12) },
    { event: submit(), step: 'checkout', route: '/proceder-pago', progress: of(3, 12) },
    { event: submit(), step: 'idScanFront', route: '/id-escaneo-frontal', progress: of(4, 12) },
    { event: submit(), step: 'idReview', route: '/id-revisar', progress: of(5, 12) },
    { event: submit({ valid: true }), step: 'contractInfo', route: '/contrato-formulario', progress: of(6, 12) },
    { event: submit(), step: 'verifyPhone', route: '/verificar-telefono', progress: of(7, 12) },
    { event: submit(), step: 'verifyEmail', route: '/verificar-correo', progress: of(8, 12) },
    { event: submit(), step: 'activation', route: '/activacion', progress: of(9, 12) },
    { event: submit({ paymentOption: 0 }), step: 'scheduleVisit', route: '/agendar-visita', progress: of(10, 12) },
    { event: submit(), step: 'orderSuccess', route: '/orden-exito' },
  ];
  /** The events from the start up to and including the one that shows `step`. */
  const eventsTo = (step: string) => flow.slice(0, flow.findIndex((s) => s.step === step) + 1).map((s) => s.event);

  it('shows each step with its progress exactly as written, and none where the spec shows none', async () => {
    const run = driveJourney(journey);
    await run.settle();
    expect(screen(run)).toEqual({ step: 'landing', route: '/', progress: undefined });
    for (const shown of flow) {
      await run.send(shown.event);
      expect(screen(run)).toEqual(expected(shown));
    }
    expect(run.step()?.end).toBe(true);
  });

  it('goes back to the previous step on every "allow" step, and stays on the two "block" steps', async () => {
    const blocked = new Set(['scheduleVisit', 'orderSuccess']);
    const run = driveJourney(journey);
    await run.settle();
    await run.send((flow[0] as Shown).event);
    await run.send((flow[1] as Shown).event);
    // From client information on: back to the step before, then forward again.
    for (let i = 2; i < flow.length; i++) {
      const previous = flow[i - 1] as Shown;
      const current = flow[i] as Shown;
      await run.send(current.event);
      expect(run.step()?.back, current.step).toBe(blocked.has(current.step) ? 'block' : 'allow');
      // The browser reports the path percent-encoded (`/informaci%C3%B3n-del-cliente`).
      await run.send(back(encodeURI(previous.route)));
      if (blocked.has(current.step)) {
        expect(screen(run), `back on ${current.step}`).toEqual(expected(current));
      } else {
        expect(screen(run), `back from ${current.step}`).toEqual(expected(previous));
        await run.send(current.event);
        expect(screen(run)).toEqual(expected(current));
      }
    }
  });

  it.each([
    { blocked: 'scheduleVisit', from: '/activacion', events: eventsTo('scheduleVisit') },
    { blocked: 'orderSuccess', from: '/agendar-visita', events: eventsTo('orderSuccess') },
    // Paying the vendor skips the visit: activation is then the step before the success.
    { blocked: 'orderSuccess', from: '/activacion', events: [...eventsTo('activation'), submit({ paymentOption: 1 })] },
  ])('back on $blocked (arrived from $from) leaves the step unchanged, with or without a route', async ({ blocked, from, events }) => {
    const run = driveJourney(journey);
    await run.settle();
    for (const event of events) await run.send(event);
    const before = screen(run);
    expect(before.step).toBe(blocked);
    const seen = entered(run).length;
    await run.send(back(from));
    expect(screen(run)).toEqual(before);
    await run.send(back());
    expect(screen(run)).toEqual(before);
    // The step was not even left and entered again.
    expect(entered(run)).toHaveLength(seen);
  });

  it('back on an allowed step (addons) goes to the previous step (products, 1/12)', async () => {
    const run = driveJourney(journey);
    await run.settle();
    for (const event of eventsTo('addons')) await run.send(event);
    expect(screen(run)).toEqual({ step: 'addons', route: '/adicionales', progress: of(2, 12) });
    await run.send(back('/productos'));
    expect(screen(run)).toEqual({ step: 'products', route: '/productos', progress: of(1, 12) });
  });
});

describe('GT: back from orderSuccess is forced to "/"', () => {
  const journey = loadJourney(fixture('gt-back-home'));
  // landing → home → clientInformation → products → checkout → activation → orderSuccess
  const toSuccess: Event[] = [submit(), { type: 'menu.newClient' }, submit(), submit(), submit(), submit({ activated: true })];

  async function atOrderSuccess(): Promise<Run> {
    const run = driveJourney(journey);
    await run.settle();
    for (const event of toSuccess) await run.send(event);
    expect(screen(run)).toEqual({ step: 'orderSuccess', route: '/orden-exito', progress: undefined });
    expect(run.step()?.back).toBe('home');
    return run;
  }

  it.each([
    { route: '/activacion', why: 'the step before' },
    { route: '/inicio', why: 'another private step' },
    { route: '/orden-fallida', why: 'a step never visited' },
    { route: '/no-existe', why: 'a path no step has' },
    { route: undefined, why: 'no route' },
  ])('goes to the landing "/" when the event carries $route ($why)', async ({ route }) => {
    const run = await atOrderSuccess();
    await run.send(back(route));
    expect(screen(run)).toEqual({ step: 'landing', route: '/', progress: undefined });
    expect(run.step()?.public).toBe(true);
    expect(entered(run).at(-1)?.route).toBe('/');
  });

  it('leaves other steps to their default: back from activation goes to checkout', async () => {
    const run = driveJourney(journey);
    await run.settle();
    for (const event of toSuccess.slice(0, -1)) await run.send(event);
    expect(screen(run).step).toBe('activation');
    await run.send(back('/proceder-pago'));
    expect(screen(run)).toEqual({ step: 'checkout', route: '/proceder-pago', progress: undefined });
  });
});

describe.each([
  { country: 'CR', file: 'cr-landing-redirect', clientInformation: '/informacion-cliente', next: '/ingresa-direccion' },
  { country: 'BO', file: 'bo-landing-redirect', clientInformation: '/informacion-del-cliente', next: '/paquetes' },
])('$country: "/" redirects to client information, where the history starts again', ({ file, clientInformation, next }) => {
  const journey = loadJourney(fixture(file));

  async function started(): Promise<Run> {
    const run = driveJourney(journey);
    await run.settle();
    return run;
  }

  it('shows client information at once, public, with history "reset"', async () => {
    const run = await started();
    const step = run.step();
    expect(step?.step).toBe('clientInformation');
    expect(step?.route).toBe(clientInformation);
    expect(step?.public).toBe(true);
    expect(step?.history).toBe('reset');
    // The landing was passed through without waiting for any event.
    expect(entered(run).map((e) => e.route)).toEqual(['/', clientInformation]);
  });

  it.each([{ route: '/' }, { route: undefined }])('nav.back with route $route does not return to the landing', async ({ route }) => {
    const run = await started();
    const seen = entered(run).length;
    await run.send(back(route));
    expect(run.route()).toBe(clientInformation);
    expect(run.step()?.step).toBe('clientInformation');
    // Not even through the landing and its redirect: no step was entered.
    expect(entered(run)).toHaveLength(seen);
  });

  it('the step after it goes back to client information, and no further', async () => {
    const run = await started();
    await run.send(submit());
    expect(run.route()).toBe(next);
    expect(run.step()?.history).toBe('push');
    await run.send(back(clientInformation));
    expect(run.route()).toBe(clientInformation);
    const seen = entered(run).length;
    await run.send(back('/'));
    expect(run.route()).toBe(clientInformation);
    expect(entered(run)).toHaveLength(seen);
  });
});

describe('CO: end screens end the flow; back from "/order-success" goes to "/"', () => {
  const journey = loadJourney(fixture('co-end-flow'));

  it.each([
    { end: 'orderSuccess', route: '/order-success', events: [submit({ outcome: 'packages' }), submit(), submit()] },
    { end: 'noCoverage', route: '/no-coverage', events: [submit({ outcome: 'noCoverage' })] },
    { end: 'creditScoreRejected', route: '/credit-score-rejected', events: [submit({ outcome: 'creditScoreRejected' })] },
    { end: 'leadToCallConfirmation', route: '/lead-to-call-confirmation', events: [{ type: 'step.callMe' }, submit()] },
  ])('$end reports end and emits flow.ended when entered, and not before', async ({ end, route, events }) => {
    const run = driveJourney(journey);
    await run.settle();
    for (const event of events) {
      expect(run.step()?.end).toBe(false);
      expect(ended(run)).toEqual([]);
      await run.send(event);
    }
    const step = run.step();
    expect(step?.step).toBe(end);
    expect(step?.route).toBe(route);
    expect(step?.end).toBe(true);
    const stateId = `co-fixture.${end}`;
    expect(run.emitted.slice(-2)).toEqual([
      { type: 'step.entered', journey: 'co-fixture', stateId, route },
      { type: 'flow.ended', journey: 'co-fixture', stateId },
    ]);
    expect(ended(run)).toHaveLength(1);
  });

  it.each([{ route: '/personal-info' }, { route: '/packages' }, { route: undefined }])(
    'back from "/order-success" (event route $route) goes to "/"',
    async ({ route }) => {
      const run = driveJourney(journey);
      await run.settle();
      for (const event of [submit({ outcome: 'packages' }), submit(), submit()]) await run.send(event);
      expect(run.route()).toBe('/order-success');
      expect(run.step()?.back).toBe('home');
      await run.send(back(route));
      expect(screen(run)).toEqual({ step: 'inputSingleLine', route: '/', progress: undefined });
      expect(run.step()?.end).toBe(false);
    },
  );
});

describe('"auto" progress: numbered from the graph', () => {
  const journey = loadJourney(fixture('auto-progress'));
  const direct: Shown[] = [
    { event: submit(), step: 'address', route: '/tu-direccion', progress: of(1, 4) },
    { event: submit(), step: 'plan', route: '/tu-plan', progress: of(2, 4) },
    { event: submit({ extras: false }), step: 'personalData', route: '/tus-datos', progress: of(3, 4) },
    { event: submit(), step: 'order', route: '/tu-orden', progress: of(4, 4) },
    { event: submit(), step: 'done', route: '/listo' },
  ];

  async function walkShowing(compiled: CompiledJourney, screens: Shown[]): Promise<Run> {
    const run = driveJourney(compiled);
    await run.settle();
    expect(screen(run)).toEqual({ step: 'landing', route: '/', progress: undefined });
    for (const shown of screens) {
      await run.send(shown.event);
      expect(screen(run)).toEqual(expected(shown));
    }
    return run;
  }

  it('shows 1/4 to 4/4 on the direct path, whatever the order of the states in the file', async () => {
    await walkShowing(journey, direct);
  });

  it('shows no progress on the optional detour, and the same numbers after it', async () => {
    await walkShowing(journey, [
      direct[0] as Shown,
      direct[1] as Shown,
      { event: submit({ extras: true }), step: 'extras', route: '/adicionales' },
      { event: submit(), step: 'personalData', route: '/tus-datos', progress: of(3, 4) },
      direct[3] as Shown,
    ]);
  });

  it('keeps the numbers when the flow returns to an earlier step', async () => {
    const run = await walkShowing(journey, direct.slice(0, 3));
    await run.send({ type: 'step.changePlan' });
    expect(screen(run)).toEqual({ step: 'plan', route: '/tu-plan', progress: of(2, 4) });
  });

  it('renumbers every step when the detour becomes an auto step (longest run leading to each)', async () => {
    const text = readFileSync(fixture('auto-progress'), 'utf8');
    const config = JSON.parse(text) as JourneyConfig;
    const extras = config.states?.extras as StateConfig;
    extras.meta = { ...extras.meta, progress: 'auto' };
    const edited = JSON.stringify(config);
    const checked = checkJourney('auto-progress (extras auto)', edited, countryActors);
    expect(checked.problems.map(formatProblem)).toEqual([]);
    const variant = compileJourney(checked.config as JourneyConfig, edited);
    await walkShowing(variant, [
      { event: submit(), step: 'address', route: '/tu-direccion', progress: of(1, 5) },
      { event: submit(), step: 'plan', route: '/tu-plan', progress: of(2, 5) },
      { event: submit({ extras: true }), step: 'extras', route: '/adicionales', progress: of(3, 5) },
      { event: submit(), step: 'personalData', route: '/tus-datos', progress: of(4, 5) },
      { event: submit(), step: 'order', route: '/tu-orden', progress: of(5, 5) },
    ]);
    // Skipping the detour does not renumber the steps after it.
    await walkShowing(variant, [
      { event: submit(), step: 'address', route: '/tu-direccion', progress: of(1, 5) },
      { event: submit(), step: 'plan', route: '/tu-plan', progress: of(2, 5) },
      { event: submit({ extras: false }), step: 'personalData', route: '/tus-datos', progress: of(4, 5) },
    ]);
  });
});
