import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildJourneyGraph } from '../../src/pack/journeyGraph';
import type { JourneyConfig } from '../../src/pack/journeyTypes';
import { lintJourneyData } from '../../src/checker/lintJourneyData';
import { lintShellEvents } from '../../src/checker/shellEvents';
import type { StepFile } from '../../src/pack/stepFile';
import { stepDataPointer } from '../../src/pack/stepDataPointer';
import { loadCountryOperations } from '../../src/openapi/countryOperations';

// The data contracts of the SV journey, checked in process: where the context's shape comes
// from (the provider's answers, the steps' schemas, selections, meta.context) and what a
// pointer that misses it is told.
const svText = readFileSync('journeys/sv.json', 'utf8');
const operations = loadCountryOperations('sv');
const steps = new Map<string, StepFile | undefined>(
  readdirSync('schemas/steps/sv').map((f) => [basename(f, '.json'), JSON.parse(readFileSync(join('schemas/steps/sv', f), 'utf8')) as StepFile]),
);
const lint = (edit: (text: string) => string = (t) => t) => {
  const graph = buildJourneyGraph(JSON.parse(edit(svText)) as JourneyConfig);
  return lintJourneyData(graph, steps, operations);
};
const messages = (result: ReturnType<typeof lint>) => result.journey.map((p) => `${p.pointer}: ${p.message}`);
const once = (find: string, replace: string) => (text: string) => {
  expect(text.split(find).length - 1, `"${find}" once in sv.json`).toBe(1);
  return text.replace(find, replace);
};

describe('the SV journey\'s data contracts', () => {
  it('has no problem, and no shell event left unhandled', () => {
    const result = lint();
    expect(messages(result)).toEqual([]);
    expect([...result.steps.values()].flat()).toEqual([]);
    expect(lintShellEvents(buildJourneyGraph(JSON.parse(svText) as JourneyConfig), ['menu.newClient', 'menu.salesReport', 'menu.offerBulletin', 'menu.logout'])).toEqual([]);
  });

  it('knows a call\'s answer by its OpenAPI schema where an assign keeps it (the lead\'s node)', () => {
    const result = lint(once('"node": "/context/report/lead/actNode/id"', '"node": "/context/report/lead/actNode/idd"'));
    expect(messages(result)).toEqual([
      '/states/signedIn/states/leadEdit/entry/6/params/object/node: the journey\'s data has no "idd" in /context/report/lead/actNode; did you mean "id"?',
    ]);
  });

  it('takes any key below a selection made by toggle (plans by planId), and nothing below a plain value', () => {
    const result = lint(once('"dui": "/context/sale/id/review/cliDUINumber"', '"dui": "/context/sale/selection/PLAN-TRIPLE-100/planId"'));
    expect(messages(result)).toEqual([]);
    const below = lint(once('"dui": "/context/sale/id/review/cliDUINumber"', '"dui": "/context/sale/retries/idFront/value"'));
    expect(messages(below)).toEqual([
      '/states/signedIn/states/sale/states/duiValidating/invoke/input/dui: in the journey\'s data, /context/sale/retries/idFront is a number: it has no "value"',
    ]);
  });

  it('needs a journey\'s own flags declared in meta.context', () => {
    const result = lint(once('"/context/sale/id/ocrError": {"type": "boolean", "description": "The rear\'s number never matched the front\'s (spec 3: the OCR-error flag)."},', ''));
    expect(messages(result)).toEqual([
      '/states/signedIn/states/sale/states/idRearChecking/always/1/actions/0/params/to: no "ocrError" in /context/sale/id (it has "frontUpload", "rearUpload", "review", "front", "attachments", "manualEntry", "rear", "duiStatus"): declare new data in the journey\'s meta.context',
    ]);
  });

  it('gives the screen the step\'s meta.data as where its data lives', () => {
    const graph = buildJourneyGraph(JSON.parse(svText) as JourneyConfig);
    expect(stepDataPointer(graph, 'sv.signedIn.sale.scheduleVisit')).toBe('/context/sale/schedule/visit');
    expect(stepDataPointer(graph, 'sv.signedIn.sale.checkout')).toBe('/context/sale/checkout');
    expect(stepDataPointer(graph, 'sv.landing')).toBeUndefined();
  });
});
