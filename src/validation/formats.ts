import { fileURLToPath } from 'node:url';
import type { FormatRule, ReferenceTables } from './formatRule';
import { findRules } from './findRules';
import { adult, notFuture } from './rules/adult';

/**
 * The registry of format rules: every rule exported by a module of rules/ (any country's) or
 * countries/ (`<cc>.ts`, one country's own), found when this module loads (findRules.ts), so a
 * new rule or country needs no line here. Node code (checks, the run-time validator, the
 * sandbox, the build, tests) reads every rule from here; a browser build never imports this
 * file: each precompiled step validator imports just the rules its schema names from their
 * modules (src/build/compileSteps.ts, through `ruleSources`), and the screens get the messages
 * of the country's formats only (`virtual:country/formats`, src/build/countryModules.ts).
 * A rule module must not import this one: it would wait for itself to load.
 */
const registered = await findRules(fileURLToPath(new URL('.', import.meta.url)));

/** Every format a step schema may name, by its ajv format name. */
export const formatRules: Record<string, FormatRule> = Object.fromEntries(registered.map(({ rule }) => [rule.format, rule]));

/** Where each format's rule is: its module under src/validation (`countries/sv`, no extension) and its export there. */
export const ruleSources: Record<string, { module: string; name: string }> = Object.fromEntries(
  registered.map(({ module, name, rule }) => [rule.format, { module, name }]),
);

/** Each format's message, what the screens show when a value breaks its rule. */
export const formatMessages: Record<string, string> = Object.fromEntries(registered.map(({ rule }) => [rule.format, rule.message]));

/**
 * The rules as ajv format functions, each given `tables` if it reads reference data: what a
 * run-time validator (Node) calls for one country's data, bound to that country's tables
 * (`readReferenceTables`, src/pack/referenceTables.ts). A rule that reads a table it is not
 * given throws when called, saying which (formatRule.ts, `tableOf`).
 *
 * @example formatFunctions(readReferenceTables(packPaths(country)))[format](value) // the rule's answer with that country's tables
 */
export function formatFunctions(tables?: ReferenceTables): Record<string, (value: string) => boolean> {
  return Object.fromEntries(Object.values(formatRules).map((rule) => [rule.format, rule.reads ? (value: string) => rule.test(value, undefined, tables) : (value: string) => rule.test(value)]));
}

/** The rules as ajv format functions bound to no country's reference data: the rules that read some throw when called. */
export const ajvFormats: Record<string, (value: string) => boolean> = formatFunctions();

/**
 * The reference data the rules of some formats read (by its name in the country file), sorted:
 * what a step that names them needs of its country.
 *
 * @example tablesRead(['digits', 'date-dmy']) // [] (neither reads any)
 */
export function tablesRead(formats: Iterable<string>): string[] {
  return [...new Set([...formats].flatMap((format) => (Object.hasOwn(formatRules, format) ? (formatRules[format]?.reads ?? []) : [])))].sort();
}

/**
 * Keywords a step schema may use besides JSON Schema's own: each stands for a format, so a
 * field can say `"format": "date-dmy", "adult": true, "notFuture": true`.
 */
export const keywordFormats: Record<string, string> = {
  adult: adult.format,
  notFuture: notFuture.format,
};

/**
 * The formats a step schema names, at any depth: its `format`s and the keywords that stand for
 * one (`"adult": true`). What a build of the step needs of the registry.
 *
 * @example formatsNamed({ properties: { born: { format: 'date-dmy', adult: true } } }) // Set { 'date-dmy', 'adult-birth-date' }
 */
export function formatsNamed(schema: unknown, into = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return into;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'format' && typeof value === 'string') into.add(value);
    else if (value === true && Object.hasOwn(keywordFormats, key)) into.add(keywordFormats[key] as string);
    else formatsNamed(value, into);
  }
  return into;
}

/**
 * The rules a step's uiSchema checks while the agent types (a field's `ui:options.typing`: the
 * looser e-mail rule of spec section 5), at any depth.
 */
export function typingFormatsNamed(ui: unknown, into = new Set<string>()): Set<string> {
  if (!ui || typeof ui !== 'object') return into;
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:options' && value && typeof value === 'object' && typeof (value as { typing?: unknown }).typing === 'string') into.add((value as { typing: string }).typing);
    else typingFormatsNamed(value, into);
  }
  return into;
}
