import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultCountryApis } from './countryApis';

/** The PIN of a country's first seeded seller (its seed's people.json), to print where to start; none when it seeds none. */
export function demoPin(country: string): string | undefined {
  const api = defaultCountryApis().find((c) => c.code === country.toLowerCase());
  const file = api && join(api.seedDir, 'people.json');
  if (!file || !existsSync(file)) return undefined;
  const people = JSON.parse(readFileSync(file, 'utf8')) as { sellers?: Array<{ pin?: string }> };
  return people.sellers?.[0]?.pin;
}
