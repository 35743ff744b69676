/**
 * The Vite plugin that makes a build one country's (docs/architecture.md). The app reads
 * its country only through these build-time modules, so a build holds that country's journey,
 * steps, reference data and nothing of another's:
 *
 * - `virtual:country`: the country file (countries/<cc>.json), one named export per property;
 * - `virtual:country/journey`: the journey, without descriptions and examples (journeyForBrowser);
 * - `virtual:country/firstScreen`: the journey's first screen, for the page's own small script to
 *   draw before the app is loaded (src/pack/firstScreen.ts), or null when it cannot, and its
 *   drawer: the PIN's (src/app/firstScreen.ts) or a form's (src/app/firstScreenForm.ts, with the
 *   step's precompiled validator), so that a build holds the one its first screen needs;
 * - `virtual:country/steps`: a loader per step file and per precompiled step validator;
 * - `virtual:country/formats`: the messages of the validation rules the country's steps name (the
 *   rules themselves are imported by the step validators that call them: src/build/compileSteps.ts);
 * - `virtual:country/reference`: a loader per reference data file the country file names;
 * - `virtual:country/operations`: the country's operation table (src/api/generated/<cc>/ when the
 *   API types are generated per country, else the shared table).
 *
 * Which country and which pack folder: `COUNTRY` and `COUNTRY_PACKS` (src/pack/countryPack.ts).
 * Types: src/virtualCountry.d.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { hashForSchema } from '@rjsf/utils';
import { checkCountryFile } from '../checker/checkCountryFile';
import type { CountryFile } from '../pack/countryFile';
import { firstScreenOf } from '../pack/firstScreen';
import { journeyForBrowser } from '../runtime/journeyForBrowser';
import type { JourneyConfig } from '../pack/journeyTypes';
import type { StepFile } from '../pack/stepFile';
import { formatProblem } from '../checker/problem';
import { formatMessages, formatsNamed, typingFormatsNamed } from '../validation/formats';
import { packPaths, type PackPaths } from '../pack/countryPack';

const PREFIX = 'virtual:country';
const MODULES = ['', '/journey', '/firstScreen', '/steps', '/formats', '/reference', '/operations'] as const;

/** The repository, where the generated code lives whatever the pack folder. */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** Where `npm run steps:compile` writes each country's step validators (src/build/compileSteps.ts). */
const VALIDATORS_DIR = 'src/screens/generated/steps';

/** An import specifier for a file on disk, as Vite resolves it from a virtual module. */
const fileSpecifier = (file: string) => JSON.stringify(resolve(file).replace(/\\/g, '/'));

function readJson(file: string, what: string): unknown {
  if (!existsSync(file)) throw new Error(`${what} ${file} does not exist (COUNTRY and COUNTRY_PACKS: src/pack/countryPack.ts)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The country file, refused with its located problems when it is not sound. */
function readCountry(paths: PackPaths): CountryFile {
  if (!existsSync(paths.countryFile)) throw new Error(`no country file ${paths.countryFile}: the app is built for one country (COUNTRY=${paths.country}); see README, "Adding a country"`);
  const check = checkCountryFile(paths.countryFile, readFileSync(paths.countryFile, 'utf8'), paths.country);
  if (!check.country || check.problems.length > 0) throw new Error(`the country file is not sound:\n${check.problems.map(formatProblem).join('\n')}`);
  return check.country;
}

function countryModule(country: CountryFile): string {
  // The file's `$schema` is for editors; reference data is loaded by its own module.
  return Object.entries(country)
    .filter(([name]) => name !== '$schema' && name !== 'referenceData')
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
    .join('\n');
}

function journeyModule(paths: PackPaths): string {
  const journey = readJson(paths.journey, 'the journey') as { meta?: { country?: string } };
  if (journey.meta?.country?.toLowerCase() !== paths.country) {
    throw new Error(`${paths.journey} is the journey of ${journey.meta?.country ?? 'no country'}, not of COUNTRY=${paths.country}`);
  }
  return `export default ${JSON.stringify(journeyForBrowser(journey as never))};`;
}

function firstScreenModule(paths: PackPaths, country: CountryFile): string {
  const journey = readJson(paths.journey, 'the journey') as JourneyConfig;
  const stepFile = (name: string) => {
    const file = join(paths.steps, `${name}.json`);
    return existsSync(file) ? (readJson(file, 'the step file') as StepFile) : undefined;
  };
  const first = firstScreenOf(journey, country.appTitle, stepFile);
  // Not an error: the app then draws the first screen itself, only later.
  if ('reason' in first) console.warn(`the page cannot draw ${paths.country.toUpperCase()}'s first screen before the app loads: ${first.reason}`);
  const screen = 'screen' in first ? first.screen : null;
  const data = `export const firstScreen = ${JSON.stringify(screen)};\n`;
  if (!screen) return `${data}export const drawFirstScreen = undefined;\n`;
  if (!('fields' in screen)) return `import { drawFirstScreen as drawPin } from ${fileSpecifier(join(REPO, 'src/app/firstScreen.ts'))};\n${data}export const drawFirstScreen = (root, handlers) => drawPin(root, firstScreen, handlers);\n`;
  // A form is checked by its step's own precompiled validator (npm run steps:compile), found as the app's rjsf finds it: by the schema's hash.
  const validator = join(REPO, VALIDATORS_DIR, paths.country, `${screen.step}.js`);
  const schema = stepFile(screen.step)?.schema;
  if (!existsSync(validator) || !schema) throw new Error(`no precompiled validator ${validator} for the first step: run npm run steps:compile`);
  return [
    `import { drawFormScreen } from ${fileSpecifier(join(REPO, 'src/app/firstScreenForm.ts'))};`,
    `import validators from ${fileSpecifier(validator)};`,
    data,
    `export const drawFirstScreen = (root, handlers) => drawFormScreen(root, firstScreen, validators[${JSON.stringify(hashForSchema(schema))}], handlers);`,
    '',
  ].join('\n');
}

function stepsModule(paths: PackPaths): string {
  const names = stepNames(paths);
  const validators = join(REPO, VALIDATORS_DIR, paths.country);
  const files = names.map((name) => `  ${JSON.stringify(name)}: () => import(${fileSpecifier(join(paths.steps, `${name}.json`))}).then((m) => m.default),`);
  // Only the steps with a data schema have a validator (npm run steps:compile).
  const compiled = names
    .filter((name) => existsSync(join(validators, `${name}.js`)))
    .map((name) => `  ${JSON.stringify(name)}: () => import(${fileSpecifier(join(validators, `${name}.js`))}),`);
  return `export const stepFiles = {\n${files.join('\n')}\n};\nexport const stepValidators = {\n${compiled.join('\n')}\n};\n`;
}

/** The step files of the pack's country, by step name. */
function stepNames(paths: PackPaths): string[] {
  return existsSync(paths.steps) ? readdirSync(paths.steps).filter((f) => f.endsWith('.json')).sort().map((f) => basename(f, '.json')) : [];
}

function formatsModule(paths: PackPaths): string {
  // Only the formats the country's steps name (and check while typing): an unknown one is journeys:check's to report.
  const named = new Set<string>();
  for (const name of stepNames(paths)) {
    const step = readJson(join(paths.steps, `${name}.json`), 'the step file') as { schema?: unknown; uiSchema?: unknown };
    formatsNamed(step.schema, named);
    typingFormatsNamed(step.uiSchema, named);
  }
  const own = [...named].sort().filter((format) => Object.hasOwn(formatMessages, format));
  return `export const formatMessages = ${JSON.stringify(Object.fromEntries(own.map((format) => [format, formatMessages[format]])))};\n`;
}

function referenceModule(paths: PackPaths, country: CountryFile): string {
  const entries = Object.entries(country.referenceData).map(([name, file]) => {
    const path = join(paths.root, file);
    if (!existsSync(path)) throw new Error(`${paths.countryFile}: reference data "${name}" names ${file}, which does not exist in ${paths.root}`);
    return `  ${JSON.stringify(name)}: () => import(${fileSpecifier(path)}).then((m) => m.default),`;
  });
  return `export const referenceData = {\n${entries.join('\n')}\n};\n`;
}

function operationsModule(paths: PackPaths): string {
  const own = join(REPO, 'src/api/generated', paths.country, 'operations.ts');
  if (!existsSync(own)) throw new Error(`no provider operations for ${paths.country.toUpperCase()} (${own}): give the pack an openapi/${paths.country}/ and run npm run api:types`);
  return `export { operations } from ${fileSpecifier(own)};\n`;
}

/** The plugin; `paths` defaults to the pack of `COUNTRY` in `COUNTRY_PACKS`. */
export function countryModules(paths: PackPaths = packPaths()): Plugin {
  let country: CountryFile | undefined;
  const load = () => (country ??= readCountry(paths));
  return {
    name: 'country-modules',
    enforce: 'pre',
    buildStart() {
      // A build for a country without a sound country file or journey stops at once, saying why.
      load();
    },
    // Filtered, so that the bundler calls the plugin for its own modules only (thousands of imports otherwise).
    resolveId: {
      filter: { id: /^virtual:country/ },
      handler(id) {
        return (MODULES as readonly string[]).includes(id.slice(PREFIX.length)) ? `\0${id}` : undefined;
      },
    },
    load: {
      filter: { id: /^\0virtual:country/ },
      handler(id) {
        this.addWatchFile(paths.countryFile);
        switch (id.slice(PREFIX.length + 1)) {
          case '':
            return countryModule(load());
          case '/journey':
            this.addWatchFile(paths.journey);
            return journeyModule(paths);
          case '/firstScreen':
            this.addWatchFile(paths.journey);
            for (const name of stepNames(paths)) this.addWatchFile(join(paths.steps, `${name}.json`));
            return firstScreenModule(paths, load());
          case '/steps':
            return stepsModule(paths);
          case '/formats':
            for (const name of stepNames(paths)) this.addWatchFile(join(paths.steps, `${name}.json`));
            return formatsModule(paths);
          case '/reference':
            return referenceModule(paths, load());
          case '/operations':
            return operationsModule(paths);
          default:
            return undefined;
        }
      },
    },
    transformIndexHtml(html) {
      // The browser tab shows the country's app name, in its language.
      const { appTitle, locale } = load();
      const escaped = appTitle.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      return html.replace(/<title>[^<]*<\/title>/, `<title>${escaped}</title>`).replace(/<html lang="[^"]*"/, `<html lang="${locale.slice(0, 2)}"`);
    },
  };
}
