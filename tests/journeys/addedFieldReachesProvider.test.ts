import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryActors } from '../../src/openapi/countryActors';
import { checkJourneyCalls } from '../../src/checker/checkCalls';
import { checkJourney } from '../../src/checker/checkJourney';
import { checkStepFile } from '../../src/checker/checkStepFile';
import { compileJourney, type CompiledJourney } from '../../src/runtime/compileJourney';
import { buildJourneyGraph } from '../../src/pack/journeyGraph';
import { lintJourneyData } from '../../src/checker/lintJourneyData';
import { formatProblem, locateProblems } from '../../src/checker/problem';
import type { StepFile } from '../../src/pack/stepFile';
import { loadCountryOperations } from '../../src/openapi/countryOperations';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { driveOverSandbox } from '../support/sandboxJourney';

// Issue 12's must-show: a product owner adds a field to a step and one line to a call's input
// map, and the value typed in that field reaches the provider, with no TypeScript. The field is
// the client's second surname (`cliSecondLastName` of the activation order, which the provider
// keeps on the lead and gives back in the sales report's detail).

const JOURNEY = 'journeys/sv.json';
const STEPS = 'schemas/steps/sv';
const STEP = `${STEPS}/idReview.json`;
const SECOND_SURNAME = 'López';

/** The idReview step with one more optional text field, as a product owner would add it. */
function stepWithField(): string {
  const step = JSON.parse(readFileSync(STEP, 'utf8')) as { schema: { properties: Record<string, unknown> }; uiSchema: { 'ui:order': string[] } };
  step.schema.properties.cliSecondLastName = { type: 'string', title: 'Segundo apellido', format: 'person-name', maxLength: 50 };
  step.uiSchema['ui:order'].push('cliSecondLastName');
  return JSON.stringify(step, null, 2);
}

/** sv.json with, optionally, the one input-map line that sends the field with the order. */
function journeyText(mapped: boolean): string {
  const text = readFileSync(JOURNEY, 'utf8');
  // A line only the activation order's input map holds: the new one goes next to it.
  const line = '"actComments": "/context/sale/schedule/visit/actComments",';
  expect(text).toContain(line);
  // The step's data is saved at its state's meta.data, /context/sale/id/review.
  return mapped ? text.replace(line, `${line}\n                  "cliSecondLastName": "/context/sale/id/review/cliSecondLastName",`) : text;
}

/** Every check journeys:check runs on the edited journey and step that bears on this field. */
function problemsOf(text: string, stepText: string): string[] {
  const journey = checkJourney(JOURNEY, text, countryActors);
  if (!journey.config) return journey.problems.map(formatProblem);
  const stepChecks = readdirSync(STEPS)
    .filter((f) => f.endsWith('.json'))
    .map((f) => (join(STEPS, f) === STEP ? checkStepFile(STEP, 'idReview', stepText) : checkStepFile(join(STEPS, f), basename(f, '.json'), readFileSync(join(STEPS, f), 'utf8'))));
  const steps = new Map<string, StepFile | undefined>(stepChecks.map((c) => [basename(c.file, '.json'), c.step]));
  const graph = buildJourneyGraph(journey.config);
  const operationsSv = loadCountryOperations('sv');
  const data = lintJourneyData(graph, steps, operationsSv);
  const idReview = stepChecks.find((c) => c.file === STEP);
  if (!idReview) throw new Error(`no ${STEP}`);
  return [
    ...journey.problems,
    ...stepChecks.flatMap((c) => c.problems),
    ...locateProblems(JOURNEY, journey.source, [...checkJourneyCalls(graph, operationsSv), ...data.journey]),
    ...locateProblems(STEP, idReview.source, data.steps.get('idReview') ?? []),
  ].map(formatProblem);
}

/** The edited journey, compiled as the app compiles it. */
function compiled(text: string): CompiledJourney {
  const { config, problems } = checkJourney(JOURNEY, text, countryActors);
  if (!config) throw new Error(problems.map(formatProblem).join('\n'));
  return compileJourney(config, text);
}

let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox();
});
afterAll(() => sandbox.close());

/**
 * Sells through the journey with the real api actors over the sandbox, typing the second
 * surname on the ID review step; gives back the sales report's detail of the order made.
 */
async function sellAndReadBack(journey: CompiledJourney): Promise<{ saved: unknown; lead: Record<string, unknown> }> {
  const { actor, context, step, upload, contractToConfirmation } = driveOverSandbox(journey, sandbox, [50]);

  await step({ type: 'step.submit', data: { pin: '2580' } }, '/inicio');
  await step({ type: 'menu.newClient' }, '/información-del-cliente');
  await step({ type: 'step.submit', data: { documentType: 'DUI', documentNumber: '051293745' } }, '/ingresa-direccion');
  await step({ type: 'step.submit', data: { department: 'San Salvador', city: 'San Salvador', suburb: 'Centro Histórico', street: 'Calle Arce', house: '12' } }, '/direccion-mapa');
  await step({ type: 'step.submit', data: { latitude: 13.697366, longitude: -89.192282 } }, '/cobertura-exito');
  await step({ type: 'step.submit' }, '/menu-principal');
  const offer = (context().sale.catalog as Array<Record<string, unknown>>).find((o) => o.planId === 'PLAN-TRIPLE-100');
  actor.send({ type: 'offer.toggle', planId: 'PLAN-TRIPLE-100', offer } as never);
  await step({ type: 'step.submit' }, '/confirmar-seleccion-paquete');
  await step({ type: 'step.submit' }, '/proceder-pago');
  await step({ type: 'step.submit' }, '/ingresos-del-cliente');
  await step({ type: 'step.submit', data: { customerIncome: 2500 } }, '/id-escaneo-frontal');
  const front = await upload('frontIdUpload', 'ana-perez-front.png');
  await step({ type: 'step.submit', data: front.Payload }, '/id-escaneo-posterior');
  const rear = await upload('rearIdRecognition', 'ana-perez-rear.png');
  await step({ type: 'step.submit', data: { fileName: 'rear.png', imageUrl: rear.imageUrl, reading: rear } }, '/id-revisar');
  await step(
    {
      type: 'step.submit',
      data: { documentType: 'DUI', cliDUINumber: '046448482', cliFirstName: 'Ana', cliLastName: 'Pérez', cliSecondLastName: SECOND_SURNAME, cliDob: '14/03/1991', cliDocExpiry: '14/03/2031', cliGender: 'F', cliProfession: 'Contadora' },
    },
    '/contrato-formulario',
  );
  await contractToConfirmation();
  await step({ type: 'step.submit', data: { generalConditions: true, privacyNotice: true } }, '/orden-exito');
  const leadId = context().sale.order.leadId as string;
  const saved: unknown = context().sale.id.review.cliSecondLastName;
  // Read back as the seller sees it: the sales report's detail, the provider's own answer.
  await step({ type: 'step.home' }, '/inicio');
  await step({ type: 'menu.salesReport' }, '/ventas-reporte');
  await step({ type: 'lead.open', id: leadId }, '/ventas-detalle/:id');
  const lead = context().report.lead as Record<string, unknown>;
  actor.stop();
  expect(lead.id).toBe(leadId);
  return { saved, lead };
}

describe('a field added to a step and to the call input map', () => {
  it('passes journeys:check and reaches the provider, which gives it back in the sale detail', async () => {
    const stepText = stepWithField();
    const text = journeyText(true);
    expect(problemsOf(text, stepText)).toEqual([]);
    const { saved, lead } = await sellAndReadBack(compiled(text));
    expect(saved).toBe(SECOND_SURNAME);
    expect(lead.cliSecondLastName).toBe(SECOND_SURNAME);
  }, 60_000);

  it('without the input-map line the value is saved in the journey but never reaches the provider', async () => {
    const text = journeyText(false);
    expect(problemsOf(text, stepWithField())).toEqual([]);
    const { saved, lead } = await sellAndReadBack(compiled(text));
    expect(saved).toBe(SECOND_SURNAME);
    expect(lead.cliSecondLastName).toBeUndefined();
  }, 60_000);
});
