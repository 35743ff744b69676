import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCountryOperations } from '../../src/openapi/countryOperations';
import { countryCodes } from '../../src/openapi/specFiles';
import { routesOf } from '../support/journeyRoutes';

// The pack model, the runtime, the checker, the tools, the api layer, the shell and the screens are every country's: what differs is in
// the country's pack (its country file, journey, steps and OpenAPI, read through the build-time
// modules and the generated operation table). This test keeps it so; the README's "Adding a
// country" gives the same check as a grep.

const SHARED = ['src/pack', 'src/runtime', 'src/checker', 'src/tools/paths', 'src/tools/diff', 'src/tools/replay', 'src/tools/browser', 'src/api', 'src/app', 'src/screens'];
/** The one shared file that names a country: the default when `COUNTRY` names none. */
const NAMES_THE_DEFAULT = join('src', 'pack', 'defaultCountry.ts');
const COUNTRIES = ['SV', 'HN', 'GT', 'PY', 'NI', 'CR', 'BO', 'CO'];

/** Every source file under a folder, generated code left out (it is built per country). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The routes of every journey, but `/` and `/redirect`, which every country's shell has. */
function journeyRoutes(): string[] {
  const routes = new Set(readdirSync('journeys').filter((f) => f.endsWith('.json')).flatMap((file) => routesOf(JSON.parse(readFileSync(join('journeys', file), 'utf8')))));
  return [...routes].filter((route) => route !== '/' && route !== '/redirect');
}

/** Every country's provider operation ids (openapi/<cc>/), as the sandbox and the checks load them. */
const operationIds = () => [...new Set(countryCodes().flatMap((cc) => loadCountryOperations(cc).map((op) => op.operationId)))];

/** What names a country in a source text: a country code, `DUI`, a dollar price, a route of a journey, an operation quoted. */
function countryWords(text: string, routes: string[], operations: string[] = []): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(new RegExp(`\\b(${COUNTRIES.join('|')}|${COUNTRIES.map((c) => c.toLowerCase()).join('|')})\\b`, 'g'))) {
    // Lower-case codes are Spanish words too ("no", "co-"): only as a path segment or a whole quoted value.
    const code = match[0];
    if (code === code.toUpperCase() || /[/'"`]/.test(text[(match.index ?? 0) - 1] ?? '')) found.push(code);
  }
  if (/\bDUI\b/.test(text)) found.push('DUI');
  // A price written with a dollar sign: '$', `$${amount}`; a template's `${` alone is not one,
  // nor the engine's own names ('$backTo').
  for (const match of text.matchAll(/['"`]\$(?![{A-Za-z_])|\$\$\{/g)) found.push(match[0]);
  for (const route of routes) if (text.includes(`'${route}`) || text.includes(`"${route}`) || text.includes(`\`${route}`)) found.push(route);
  // An operation named in code or in a comment's example: shared code finds operations by role.
  for (const id of operations) if (new RegExp(`['"\`]${id}['"\`]`).test(text)) found.push(id);
  return found;
}

describe('the engine, the api layer, the shell and the screens name no country', () => {
  const routes = journeyRoutes();
  const operations = operationIds();

  it('finds what it looks for (a probe with each)', () => {
    expect(routes).toContain('/información-del-cliente');
    const probe = "const a = 'SV'; const b = `/sv/x`; const c = 'DUI'; const d = `$${p}`; const e = '$'; go('/ventas-reporte'); const f = `${x}`; const no = 1;";
    expect(countryWords(probe, routes)).toEqual(['SV', 'sv', 'DUI', '`$', "'$", '/ventas-reporte']);
    expect(operations).toContain('activationCost');
    expect(countryWords("if (id === 'logout') guard('$backTo'); /** `activationCost` */ const activation = 1;", routes, operations)).toEqual(['logout', 'activationCost']);
  });

  it.each(SHARED)('%s holds no country code, route, operation name, DUI or $ (they are in the country pack)', (dir) => {
    const named = sources(dir).filter((file) => file !== NAMES_THE_DEFAULT).flatMap((file) => countryWords(readFileSync(file, 'utf8'), routes, operations).map((word) => `${file}: ${word}`));
    expect(named).toEqual([]);
  });
});

// Issue 13: Honduras came as data (its pack) and its own rules (src/validation/); issue 33:
// Costa Rica too; issue 34: Guatemala; issue 35: Paraguay and Nicaragua. The README's "Adding a country" gives the same check as a grep.
const PACK_COUNTRIES: Array<[name: string, words: RegExp, probe: string, found: string[]]> = [
  [
    'Honduras',
    /\bHN\b|['"`/]hn\b|\bHonduras\b|\bHNL\b|\bTegucigalpa\b|\blempiras?\b/gi,
    "const a = 'HN'; go(`/hn/debts`); // Honduras pays in HNL (lempira), from Tegucigalpa",
    ["'HN", '/hn', 'Honduras', 'HNL', 'lempira', 'Tegucigalpa'],
  ],
  [
    'Costa Rica',
    /\bCR\b|['"`/]cr\b|\bCosta Rica\b|\bCRC\b|\bSan Jos[eé]|\bcolones\b|₡|\bcédula\b/gi,
    "const a = 'CR'; go(`/cr/payments`); // Costa Rica pays in CRC (colones, ₡) from San José, by cédula",
    ["'CR", '/cr', 'Costa Rica', 'CRC', 'colones', '₡', 'San José', 'cédula'],
  ],
  [
    'Guatemala',
    // Case kept: an HTML entity (&gt;) or a method named gt is not the country.
    /\bGT\b|['"`/]gt\b|\bGuatemala\b|\bGTQ\b|\b[Qq]uetzal(?:es)?\b|\bDPI\b/g,
    "const a = 'GT'; go(`/gt/debts`); // Guatemala pays in GTQ (quetzales), by DPI; a &gt; b",
    ['GT', '/gt', 'Guatemala', 'GTQ', 'quetzales', 'DPI'],
  ],
  [
    'Paraguay',
    /\bPY\b|['"`/]py\b|\bParaguay(?:an)?\b|\bPYG\b|\b[Gg]uaran[ií](?:es)?\b|\bAsunci[oó]n\b/g,
    "const a = 'PY'; go(`/py/orders`); // Paraguay pays in PYG (guaraníes) from Asunción",
    ['PY', '/py', 'Paraguay', 'PYG', 'guaraníes', 'Asunción'],
  ],
  [
    'Nicaragua',
    // Case kept, and the lower-case code only quoted or as a path segment: "ni" is a Spanish word.
    /\bNI\b|['"`/]ni\b|\bNicaragua\b|\bNIO\b|\b[Cc]órdobas?\b|\bManagua\b/g,
    "const a = 'NI'; go(`/ni/coverage`); // Nicaragua pays in NIO (córdobas) from Managua, ni uno ni otro",
    ['NI', '/ni', 'Nicaragua', 'NIO', 'córdobas', 'Managua'],
  ],
];

describe.each(PACK_COUNTRIES)('%s needs no TypeScript of its own outside src/validation/', (country, words, probe, found) => {
  it('finds what it looks for (a probe with each)', () => {
    expect(probe.match(words)).toEqual(found);
  });

  it(`no source under src/ (but src/validation/) or scripts/ names ${country}`, () => {
    const files = [...readdirSync('src').filter((name) => statSync(join('src', name)).isDirectory() && name !== 'validation').flatMap((name) => sources(join('src', name))), ...sources('scripts')];
    const named = files.flatMap((file) => (readFileSync(file, 'utf8').match(words) ?? []).map((word) => `${file}: ${word}`));
    expect(named).toEqual([]);
  });
});
