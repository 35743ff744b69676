import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiClients, ApiConfig } from '../../src/api/apiClients';
import type { CallOutcome } from '../../src/api/apiError';
import { callOperation } from '../../src/api/callOperation';
import { operations } from '../../src/api/generated/sv/operations';
import { operationWithRole, type OperationTable } from '../../src/api/operationTable';

// The provider calls are typed by the country's generated table: what a caller holding it gets
// for an operation is that operation's answer and input, from the spec. Checked by `npm run
// typecheck` (which covers tests/): were the types `unknown` again, the lines expected to be
// type errors would compile (an unused directive fails typecheck) and the equalities would not hold.
declare const sv: ApiClients<typeof operations>;
declare const anyCountry: ApiClients<OperationTable>;
declare const config: ApiConfig;
/** Type-level only: never called. */
const typesOnly = (run: () => unknown) => run;

describe('typed provider calls', () => {
  it("gives a caller holding a country's table each operation's answer and input", () => {
    typesOnly(async () => {
      const cities = await callOperation(sv, config, 'city', { deparment: 'San Salvador' });
      expectTypeOf(cities).toEqualTypeOf<CallOutcome<{ cities: Array<{ name: string; code?: string }> }>>();
      if (cities.ok) expectTypeOf(cities.data?.cities[0]?.name).toEqualTypeOf<string | undefined>();
      const areas = await callOperation(sv, config, 'coverageAreas');
      if (areas.ok) expectTypeOf(areas.data?.type).toEqualTypeOf<'FeatureCollection' | undefined>();
      // A misspelt input key, a missing required one, an operation the country does not have:
      // @ts-expect-error "department" is not city's input ("deparment" is the provider's spelling)
      await callOperation(sv, config, 'city', { department: 'San Salvador' });
      // @ts-expect-error city needs its department
      await callOperation(sv, config, 'city');
      // @ts-expect-error the provider has no "cities" operation
      await callOperation(sv, config, 'cities');
      // An upload's file and a path's time are the api layer's to give.
      await callOperation(sv, config, 'frontIdUpload', { region: 'SV', files: [{ field: 'file', blob: new Blob(), name: 'a.jpg' }] });
      await callOperation(sv, config, 'salesPersonDetails', { password: 'sealed' });
    });
  });

  it("gives country-neutral code, holding any country's table, unknown answers it must read through a checked shape", () => {
    typesOnly(async () => {
      const outcome = await callOperation(anyCountry, config, 'anything', { any: 'input' });
      expectTypeOf(outcome).toEqualTypeOf<CallOutcome<unknown>>();
    });
  });

  it('finds the calls with a part in signing or the session by the role the spec marks, not by name', () => {
    expect(operationWithRole(operations, 'publishes-keys')?.[0]).toBe('publicKey');
    expect(operationWithRole(operations, 'sign-in')?.[0]).toBe('accessToken');
    expect(operationWithRole(operations, 'sign-out')?.[0]).toBe('logout');
    expect(operations.scheduleDates.notFound).toEqual({ message: 'No hay disponibilidad en las fecha que estas solicitando, por favor validar fechas posteriores' });
    const table: OperationTable = operations;
    expect(Object.entries(table).filter(([, op]) => op.notFound === 'quiet').map(([id]) => id).sort()).toEqual(['activationCost', 'checkCoverage', 'clientInfoValidateV2', 'coverage']);
  });
});
