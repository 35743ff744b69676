import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../src/api/generated/sv/operations';
import { loadCountryOperations } from '../../src/openapi/countryOperations';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { svCalls, type CallState } from '../support/svCalls';

// Contract: every provider operation called through the typed client against a running
// sandbox, and every answer, errors included, valid against its operation's response schema.
const specs = new Map(loadCountryOperations('sv').map((op) => [op.operationId, op]));
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
const answers: Array<{ url: string; status: number; body: unknown }> = [];

beforeAll(async () => {
  sandbox = await runningSandbox();
  // Record every answer the client receives, opened (answers travel sealed), to check it against the spec.
  const recorder: Middleware = {
    async onResponse({ request, response }) {
      const text = await response.clone().text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      answers.push({ url: request.url, status: response.status, body });
      return undefined;
    },
  };
  api = sandbox.client({ middleware: [recorder] });
});
afterAll(() => sandbox.close());
let api: ReturnType<Awaited<ReturnType<typeof runningSandbox>>['client']>;

const today = new Date().toISOString().slice(0, 10);
const state: CallState = {};

/** The calls in the order an agent makes them; later inputs use what earlier answers gave. */
const calls = svCalls({ idempotencyKey: 'contract-1', contract: 'C-0001', date: today });

describe('the provider API, operation by operation, against the sandbox', () => {
  it('has a call here for every operation of openapi/', () => {
    expect(calls.map(([id]) => id).sort()).toEqual(Object.keys(operations).sort());
  });

  it.each(calls)('%s answers as its spec says', async (operationId, input) => {
    const before = answers.length;
    const outcome = await api.call(operationId, input(state));
    const answer = answers.slice(before).at(-1);
    expect(answer, 'the client sent the request').toBeDefined();
    if (!answer) return;
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    const schema = specs.get(operationId)?.responses[String(answer.status)]?.schema;
    expect(schema, `the spec documents a ${answer.status} for ${operationId}`).toBeDefined();
    const validate = ajv.compile(schema as object);
    expect(validate(answer.body), JSON.stringify(validate.errors)).toBe(true);
    if (outcome.ok && outcome.data && typeof outcome.data === 'object') {
      const data = outcome.data as Record<string, unknown>;
      if (operationId === 'frontIdUpload') state.fileName = String((data.Payload as { fileName?: string } | undefined)?.fileName ?? '');
      if (operationId === 'users') state.userId = String(data.id ?? '');
      if (operationId === 'scheduleDates') state.date = String((data.dates as string[] | undefined)?.[0] ?? today);
      if (operationId === 'activation') state.leadId = String(data.leadId ?? '');
    }
  });
});
