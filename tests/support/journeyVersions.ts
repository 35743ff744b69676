/**
 * Two later versions of El Salvador's journey, as a product owner would edit journeys/sv.json
 * while agents are selling (issue 36's cases), for the tests of sales resumed across versions
 * (src/runtime/versionResume.ts) and of journeys:diff.
 *
 * - `renamedAndAdded`: the income check renamed (`incomeChecking` is `checkingIncome`) and a new
 *   step after it, `/aviso-de-ingresos`, before the ID photos. A sale at the ID review still has
 *   its state: it resumes there.
 * - `reviewRemoved`: the ID review removed (the rear photo goes straight to the contract, and its
 *   DUI check with it), `formerStates` sending the sales saved there to the contract, with a message.
 */
type StateMap = Record<string, Record<string, unknown>>;

/** The sale's state (its `states` are the sale's steps). */
const saleStateOf = (journey: Record<string, unknown>) => ((journey.states as StateMap).signedIn as { states: StateMap }).states.sale as { states: StateMap };
const saleOf = (journey: Record<string, unknown>) => saleStateOf(journey).states;

/** The new step's file (schemas/steps/sv/incomeNotice.json in a pack that builds `renamedAndAdded`). */
export const INCOME_NOTICE_STEP = {
  $schema: '../../step.schema.json',
  step: 'incomeNotice',
  title: 'Ingresos aprobados',
  text: ['Los ingresos del cliente fueron aprobados. Ahora toma las fotos del documento.'],
  buttons: [{ label: 'Continuar', event: 'step.submit', primary: true }],
};

export const REVIEW_MOVED_MESSAGE = 'La revisión del documento ahora se hace en el contrato: la venta sigue aquí, con las fotos ya tomadas.';

/** The income check renamed and a step added after it. */
export function renamedAndAdded(svText: string): string {
  const journey = JSON.parse(svText.replaceAll('incomeChecking', 'checkingIncome')) as Record<string, unknown>;
  const sale = saleOf(journey);
  const approved = ((sale.checkingIncome as { invoke: { onDone: Array<{ target: string }> } }).invoke.onDone)[0] as { target: string };
  approved.target = 'incomeNotice';
  // The new step sits right after the renamed one, in the file as in the sale.
  const entries = Object.entries(sale);
  const at = entries.findIndex(([key]) => key === 'checkingIncome') + 1;
  entries.splice(at, 0, ['incomeNotice', { meta: { route: '/aviso-de-ingresos', progress: 'auto', step: 'incomeNotice' }, on: { 'step.submit': { target: 'idFront' } } }]);
  saleStateOf(journey).states = Object.fromEntries(entries);
  journey.version = `${String(journey.version)}-renamed`;
  return JSON.stringify(journey, null, 2);
}

/** The ID review removed, its sales sent to the contract by `formerStates`. */
export function reviewRemoved(svText: string): string {
  const text = svText.replaceAll('"target": "idReview"', '"target": "contract"').replaceAll('"target": "#sv.signedIn.sale.idReview"', '"target": "#sv.signedIn.sale.contract"');
  const journey = JSON.parse(text) as Record<string, unknown>;
  const sale = saleOf(journey);
  delete sale.idReview;
  delete sale.duiValidating;
  journey.formerStates = { 'sv.signedIn.sale.idReview': { target: '#sv.signedIn.sale.contract', message: REVIEW_MOVED_MESSAGE } };
  journey.version = `${String(journey.version)}-without-review`;
  return JSON.stringify(journey, null, 2);
}
