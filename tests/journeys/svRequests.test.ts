import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { splitInput } from '../../src/api/callOperation';
import { operations } from '../../src/api/generated/sv/operations';
import { evaluateInputMap, fillSessionValues } from '../../src/runtime/inputMap';
import { loadJourney } from '../support/journeyFiles';

// The requests the journey's input maps make are, byte for byte, those the api layer built in
// TypeScript before the journey said them (src/api/requestAdapters.ts until commit "The journey says its requests", recorded in the fixture
// from a sale against the sandbox and a variant that takes the less common ways).
const fixture = JSON.parse(readFileSync('tests/fixtures/calls/svSale.json', 'utf8')) as {
  now: string;
  sealedPin: string;
  event: { type: string };
  contexts: Record<string, Record<string, unknown>>;
  requests: Record<string, Record<string, { operationId: string }>>;
};
const journey = loadJourney('journeys/sv.json');
const calls = journey.graph.invokes.filter(({ invoke }) => invoke.src.startsWith('api.'));

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(fixture.now));
});
afterAll(() => {
  vi.useRealTimers();
});

describe('the El Salvador journey says its requests', () => {
  for (const [name, context] of Object.entries(fixture.contexts)) {
    it(`as the request adapters built them, for the ${name} sale`, () => {
      expect(calls.length).toBe(Object.keys(fixture.requests[name] ?? {}).length);
      for (const { invoke, pointer } of calls) {
        const operationId = invoke.src.slice('api.'.length) as keyof typeof operations;
        const request = fillSessionValues(evaluateInputMap(invoke.input ?? {}, { context, event: fixture.event }), { sealedPin: fixture.sealedPin });
        // accessToken's PIN is sealed by the api layer at sign-in, as before.
        const sent = operationId === 'accessToken' ? { ...request, code: fixture.sealedPin } : request;
        const made = JSON.stringify({ operationId, ...splitInput(operations[operationId], sent) });
        expect(made, pointer).toBe(JSON.stringify(fixture.requests[name]?.[pointer]));
      }
    });
  }
});
