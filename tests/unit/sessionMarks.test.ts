/**
 * The session marks of issue 33 read from a country's spec and checked as the other marks are:
 * `x-signing: public` (no session, never signed, no personal data in its answer) and
 * `x-session: open` on any number of calls, `x-owner` on private ones; a spec that breaks them is
 * a located error of journeys:check and api:types (tests/fixtures/openapi-session-marks).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callKey, operationsWithRole } from '../../src/api/operationTable';
import { generateApiTypes, operationTableOf } from '../../src/build/apiTypes';
import { loadCountryOperations } from '../../src/openapi/countryOperations';
import { isPersonalProperty, personalProperty } from '../../src/openapi/personalData';
import type { Operation } from '../../src/openapi/operations';
import { countrySpecProblems, SpecError } from '../../src/openapi/specProblems';
import { defaultOwner } from '../../src/sandbox/provider/provider';

const BROKEN = 'tests/fixtures/openapi-session-marks';
const PACK = 'tests/fixtures/packs/zc/openapi';

describe('the session marks of a sound spec', () => {
  it('are carried into the table of operations: any number of public and open calls, and who each private call serves', () => {
    expect(countrySpecProblems('zc', PACK)).toEqual([]);
    const operations = loadCountryOperations('zc', PACK);
    const table = operationTableOf(operations);
    expect(operationsWithRole(table, 'public').map(([id]) => id)).toEqual(['leadToCall']);
    expect(operationsWithRole(table, 'open').map(([id]) => id).sort()).toEqual(['registerClient', 'resumeLead']);
    expect(callKey(table.registerClient?.method ?? '', table.registerClient?.path ?? '')).toBe('POST /zc/clients');
    const owners = Object.fromEntries(operations.filter((op) => op.private).map((op) => [op.operationId, op.owner]));
    // Unmarked: decided by the sandbox for the country (agents, in one with a sign-in).
    expect(owners).toEqual({ customerLead: 'customer', saveLeadStep: 'customer', logout: 'any', salesPersonDetails: undefined, sales: undefined });
  });
});

describe('an unmarked private call (no x-owner)', () => {
  const op = (marks: Partial<Operation>) => ({ operationId: 'x', signing: undefined, session: undefined, ...marks }) as Operation;
  it("serves the only owner its country's sessions can have, and agents in a country with both", () => {
    expect(defaultOwner([op({ signing: 'sign-in' })])).toBe('agent');
    expect(defaultOwner([op({ session: 'open' }), op({ signing: 'public' })])).toBe('customer');
    expect(defaultOwner([op({ signing: 'sign-in' }), op({ session: 'open' })])).toBe('agent');
    expect(defaultOwner([op({ signing: 'publishes-keys' })])).toBe('agent');
  });
});

describe('a spec that breaks them', () => {
  const problems = countrySpecProblems('zc', BROKEN);
  const at = (problem: (typeof problems)[number]) => `${problem.line}:${problem.column} ${problem.pointer}: ${problem.message}`;

  it("refuses a public call whose answer names a person's data, at any depth, placed at the answer and naming the property", () => {
    expect(problems.map(at)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^13:11 \/paths\/~1zc~1call-requests\/post\/responses\/200: a public call's answer holds no personal data, but its 200 answer has "FirstName"/),
        expect.stringMatching(/^30:11 \/paths\/~1zc~1callbacks\/get\/responses\/200: .*"phone" \(schema\/properties\/callbacks\/items\/properties\/phone\)/),
      ]),
    );
  });

  it('refuses a public or opening call that needs a session, a public call that opens one, an x-owner that is not one', () => {
    expect(problems.map(at)).toEqual(
      expect.arrayContaining([
        '38:18 /paths/~1zc~1secured-public/get/x-signing: a public call (x-signing: public) is made without a session: give it `security: []`',
        "47:18 /paths/~1zc~1clients/post/x-session: a call that opens a customer's session (x-session: open) is made before any session: give it `security: []`",
        '57:18 /paths/~1zc~1public-open/post/x-session: a public call is never signed, so it cannot agree the keys of a session: x-session: open needs a signed call',
        '65:16 /paths/~1zc~1leads~1{leadId}/get/x-owner: x-owner must be one of "agent", "customer", "any"',
      ]),
    );
    expect(problems).toHaveLength(6);
  });

  it('stops api:types, which prints each at its file', async () => {
    const error = await generateApiTypes([BROKEN]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).message).toContain(`${join(BROKEN, 'zc', 'customers.yaml')}:13:11`);
  });
});

describe('the personal data list', () => {
  it('is compared without case and reaches combinations, items and open properties', () => {
    expect(['cliTelephone', 'EMAIL', 'documentNumber', 'latitude', 'cliEmail'].every(isPersonalProperty)).toBe(true);
    expect(['ticket', 'leadId', 'name', 'step'].some(isPersonalProperty)).toBe(false);
    expect(personalProperty({ allOf: [{ properties: { ticket: {} } }, { properties: { address: {} } }] })).toEqual({ name: 'address', pointer: '/allOf/1/properties/address' });
    expect(personalProperty({ additionalProperties: { properties: { msisdn: {} } } })).toEqual({ name: 'msisdn', pointer: '/additionalProperties/properties/msisdn' });
    expect(personalProperty({ type: 'object', properties: { ticket: { type: 'string' } } })).toBeUndefined();
  });
});
