import { describe, expect, it } from 'vitest';
import { loadedStep, loadStep } from '../../src/screens/stepLoader';
import { loadJourney } from '../support/journeyFiles';

// What a step's screen gets when it opens: only what it needs, loaded together.
describe('loading a step screen', () => {
  it('gives a step with fields its validator, rjsf and the widgets it names', async () => {
    const landing = await loadStep('landing');
    expect(landing?.step.title).toBe('Iniciar sesión');
    expect(landing?.form?.Form).toBeDefined();
    expect(Object.keys(landing?.form?.widgets ?? {})).toEqual(['pinInput']);
    expect(landing?.validator?.isValid(landing.step.schema as object, { pin: '2580' }, landing.step.schema as object)).toBe(true);
    expect(landing?.validator?.isValid(landing.step.schema as object, { pin: '25' }, landing.step.schema as object)).toBe(false);
  });

  it('loads the select only for a step with choices', async () => {
    const checkout = await loadStep('checkout');
    expect(Object.keys(checkout?.form?.widgets ?? {})).toContain('SelectWidget');
  });

  it('gives a whole-form widget instead of rjsf when the step is one', async () => {
    const offers = await loadStep('offers');
    expect(offers?.FormWidget).toBeTypeOf('function');
    expect(offers?.form).toBeUndefined();
  });

  it('says a step without a file is not there, and serves a loaded step at once', async () => {
    expect(await loadStep('noSuchStep')).toBeUndefined();
    expect(loadedStep('noSuchStep')).toBeNull();
    expect(loadedStep('terms')).toBeUndefined();
    await loadStep('terms');
    expect(loadedStep('terms')?.step.step).toBe('terms');
  });

  it('knows which screens may follow each El Salvador step, to load them ahead', () => {
    const journey = loadJourney('journeys/sv.json');
    const next = (route: string) => [...journey.steps.values()].find((s) => s.route === route)?.next;
    expect(next('/información-del-cliente')).toEqual(expect.arrayContaining(['address', 'pendingDebt']));
    expect(next('/id-escaneo-frontal')?.[0]).toBe('idRear');
    expect(next('/agendar-visita')?.[0]).toBe('confirmOrder');
    expect(next('/orden-exito')).toContain('home');
  });
});
