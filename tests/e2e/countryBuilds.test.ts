import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSteps } from '../../src/build/compileSteps';
import { keywordFormats, formatRules } from '../../src/validation/formats';
import { routesOf } from '../support/journeyRoutes';
import { buildCountry, releaseBuild } from '../../src/tools/browser/servedBuild';

// One build per country (docs/architecture.md): El Salvador's build holds nothing of another country's
// journey, steps or country file, and the test country's (tests/fixtures/packs/zz, made only of
// data) nothing of El Salvador's. What each holds is found in the built files, as text.

const root = resolve('.');
const ZZ = 'tests/fixtures/packs/zz';

interface Pack {
  root: string;
  country: string;
}

/** The words that only this pack's build may hold: its routes, its screens' titles, its sidebar, its app's name, its journey's id. */
function markers({ root: dir, country }: Pack): { texts: Set<string>; journey: RegExp } {
  const journey = JSON.parse(readFileSync(join(dir, 'journeys', `${country}.json`), 'utf8')) as { id: string; meta: { title?: string } };
  const texts = new Set(routesOf(journey));
  if (journey.meta.title) texts.add(journey.meta.title);
  const steps = join(dir, 'schemas/steps', country);
  for (const file of readdirSync(steps)) texts.add((JSON.parse(readFileSync(join(steps, file), 'utf8')) as { title: string }).title);
  const countryFile = JSON.parse(readFileSync(join(dir, 'countries', `${country}.json`), 'utf8')) as { appTitle: string; sidebar: Array<{ label: string }> };
  texts.add(countryFile.appTitle);
  for (const entry of countryFile.sidebar) texts.add(entry.label);
  // Minified, the journey's id is written `id:"sv"` or `id:\`sv\``.
  return { texts, journey: new RegExp(`\\bid:\\s*["'\`]${journey.id}["'\`]`) };
}

/** Every text file of a build, read once. */
function builtText(outDir: string): string {
  const read = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return read(path);
      return /\.(js|html|css|json)$/.test(name) ? [readFileSync(path, 'utf8')] : [];
    });
  return read(outDir).join('\n');
}

/** Whether a text holds a marker as a whole (not "Inicio" inside a step named "zzInicio"). */
const holds = (text: string, marker: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}_-])${marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_-])`, 'u').test(text);

/** Which of a pack's markers a build holds. */
function held(text: string, pack: ReturnType<typeof markers>, but: Set<string>): string[] {
  const found = [...pack.texts].filter((t) => !but.has(t) && holds(text, t));
  return pack.journey.test(text) ? [...found, `journey id (${pack.journey.source})`] : found;
}

/** The formats a pack's step schemas name: `format`, and the keywords that stand for one (`adult`). */
function formatsNamed({ root: dir, country }: Pack): Set<string> {
  const named = new Set<string>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'format' && typeof value === 'string') named.add(value);
      else if (value === true && Object.hasOwn(keywordFormats, key)) named.add(keywordFormats[key] as string);
      else walk(value);
    }
  };
  const steps = join(dir, 'schemas/steps', country);
  for (const file of readdirSync(steps)) walk((JSON.parse(readFileSync(join(steps, file), 'utf8')) as { schema?: unknown }).schema);
  return named;
}

/**
 * The validation rules' messages a build must hold (those of the formats its steps name) and
 * must not (every other rule's, unless a rule it uses says the same words).
 */
function ruleTexts(pack: Pack): { own: string[]; others: string[] } {
  const named = formatsNamed(pack);
  const own = new Set(Object.values(formatRules).filter((rule) => named.has(rule.format)).map((rule) => rule.message));
  const others = new Set(Object.values(formatRules).filter((rule) => !own.has(rule.message)).map((rule) => rule.message));
  return { own: [...own].sort(), others: [...others].sort() };
}

const sv: Pack = { root, country: 'sv' };
const zz: Pack = { root: resolve(ZZ), country: 'zz' };
const built: { sv?: string; zz?: string } = {};

beforeAll(async () => {
  // What `npm run build`'s prebuild does for the test country: its steps' validators.
  compileSteps(zz.root);
  built.sv = await buildCountry();
  built.zz = await buildCountry({ country: 'zz', packs: ZZ });
}, 240_000);
afterAll(() => {
  for (const dir of Object.values(built)) releaseBuild(dir);
});

describe('the test country pack', () => {
  it('passes npm run journeys:check with COUNTRY_PACKS', () => {
    const result = spawnSync(join(root, 'node_modules/.bin/tsx'), ['scripts/journeysCheck.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, COUNTRY: 'zz', COUNTRY_PACKS: ZZ },
      timeout: 60_000,
    });
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n').at(-1)).toBe('1 journey file(s) and 11 step file(s) checked: all sound.');
    expect(result.status).toBe(0);
  });

  it('is data only: no TypeScript or JavaScript in it', () => {
    const code = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? code(join(dir, name)) : /\.[cm]?[jt]sx?$/.test(name) ? [name] : []));
    expect(code(zz.root)).toEqual([]);
  });
});

describe('one build per country', () => {
  const svMarkers = markers(sv);
  const zzMarkers = markers(zz);
  // Words both packs use (the landing's `/`, `/redirect`, `/mantenimiento`) belong to neither.
  const shared = new Set([...svMarkers.texts].filter((t) => zzMarkers.texts.has(t)));

  it("El Salvador's build holds its own journey, screens and sidebar", () => {
    expect(held(builtText(built.sv as string), svMarkers, shared)).toEqual([...[...svMarkers.texts].filter((t) => !shared.has(t)), `journey id (${svMarkers.journey.source})`]);
  });

  it("El Salvador's build holds nothing of the test country's", () => {
    expect(held(builtText(built.sv as string), zzMarkers, shared)).toEqual([]);
  });

  it("the test country's build holds its own journey, screens and sidebar, and its name in the page's title", () => {
    const text = builtText(built.zz as string);
    expect(held(text, zzMarkers, shared)).toEqual([...[...zzMarkers.texts].filter((t) => !shared.has(t)), `journey id (${zzMarkers.journey.source})`]);
    expect(readFileSync(join(built.zz as string, 'index.html'), 'utf8')).toContain('<title>Visitas Zedlandia</title>');
  });

  it("the test country's build holds nothing of El Salvador's journey, screens or sidebar", () => {
    expect(held(builtText(built.zz as string), svMarkers, shared)).toEqual([]);
  });

  it("each build holds the messages of the validation rules its own steps name, and no other rule's", () => {
    for (const pack of [sv, zz]) {
      const text = builtText(built[pack.country as 'sv' | 'zz'] as string);
      const { own, others } = ruleTexts(pack);
      expect({ pack: pack.country, held: own.filter((message) => text.includes(message)) }).toEqual({ pack: pack.country, held: own });
      expect({ pack: pack.country, held: others.filter((message) => text.includes(message)) }).toEqual({ pack: pack.country, held: [] });
    }
    // El Salvador's document rule and its journey's words for it stay in El Salvador's build.
    expect(ruleTexts(sv).own).toContain('El DUI ingresado no es válido');
    const zzText = builtText(built.zz as string);
    expect(['El DUI ingresado no es válido', 'DUI incorrecto', 'DUI'].filter((words) => holds(zzText, words))).toEqual([]);
  });
});

