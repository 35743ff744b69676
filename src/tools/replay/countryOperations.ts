/** Each country's provider operations as a replay calls them: their table, and the ID photo uploads. */
import { readFileSync } from 'node:fs';
import type { CallOutcome } from '../../api/apiError';
import type { CallInput } from '../../api/callOperation';
import type { OperationTable } from '../../api/operationTable';
import { operationTableOf } from '../../build/apiTypes';
import { openapiRootOf } from '../../openapi/countryActors';
import { loadCountryOperations } from '../../openapi/countryOperations';

const tables = new Map<string, OperationTable>();

/** A country's table of operations (as `npm run api:types` writes it), read from its specs. */
export function operationsOf(country: string): OperationTable {
  const cc = country.toLowerCase();
  let table = tables.get(cc);
  if (!table) tables.set(cc, (table = operationTableOf(loadCountryOperations(cc, openapiRootOf(cc)))));
  return table;
}

/** Uploads a photo of tests/fixtures/ids/ with one of the provider's upload operations; its answer. */
export async function uploadPhoto(api: { call: (operationId: string, input?: CallInput) => Promise<CallOutcome<unknown>> }, country: string, operation: string, file: string, fields: Record<string, string> = {}) {
  const blob = new Blob([readFileSync(`tests/fixtures/ids/${file}`)], { type: 'image/png' });
  const outcome = await api.call(operation, { region: country, ...fields, files: [{ field: 'file', blob, name: file }] });
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the provider's answer
}
