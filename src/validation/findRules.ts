import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FormatRule } from './formatRule';

/**
 * The folders that hold rules, under src/validation: `rules/`, those any country's steps may
 * name (digits, dates, e-mail), and `countries/`, one module per country (`<cc>.ts`) with its
 * own (its phone numbers, its document's check digit). Every module in them is read, so a
 * country's rules come with a file of their own and no list to edit.
 */
export const RULE_FOLDERS = ['rules', 'countries'] as const;

/** A rule as found: its module under the root (`countries/sv`, no extension), its export there, and the rule. */
export interface FoundRule {
  module: string;
  name: string;
  rule: FormatRule;
}

/** Whether an export is a rule: a module may export helpers beside its rules (a date parser, a shared message). */
function isFormatRule(value: unknown): value is FormatRule {
  if (typeof value !== 'object' || value === null) return false;
  const { format, message, test, reads } = value as Partial<FormatRule>;
  const readsOk = reads === undefined || (Array.isArray(reads) && reads.every((name) => typeof name === 'string'));
  return typeof format === 'string' && typeof message === 'string' && typeof test === 'function' && readsOk;
}

/** The rule modules under `root`, as `<folder>/<name>`: TypeScript files only, not declarations or tests. */
function ruleModules(root: string): string[] {
  return RULE_FOLDERS.flatMap((folder) => {
    const dir = join(root, folder);
    return existsSync(dir) ? readdirSync(dir).filter((file) => /^[^.]+\.ts$/.test(file)).sort().map((file) => `${folder}/${file.slice(0, -'.ts'.length)}`) : [];
  });
}

/**
 * Every rule exported by the modules of the rule folders under `root` (src/validation for the
 * registry, formats.ts), in folder, file and export order. Loaded in Node only: the browser
 * imports each rule from its module (src/build/compileSteps.ts). A format registered twice is
 * an error, since a step names a rule by its format.
 *
 * @example await findRules('src/validation') // [{ module: 'rules/addressReference', name: 'addressReference', rule: {...} }, ...]
 */
export async function findRules(root: string): Promise<FoundRule[]> {
  const found = await Promise.all(
    ruleModules(root).map(async (module) => {
      // Found at run time, not a path the bundler could follow: Node loads it, no browser build does.
      const exports = (await import(/* @vite-ignore */ pathToFileURL(join(root, `${module}.ts`)).href)) as Record<string, unknown>;
      return Object.entries(exports).flatMap(([name, rule]) => (isFormatRule(rule) ? [{ module, name, rule }] : []));
    }),
  );
  const byFormat = new Map<string, FoundRule>();
  for (const one of found.flat()) {
    const other = byFormat.get(one.rule.format);
    if (other) throw new Error(`format "${one.rule.format}" is registered twice: ${other.module}.ts (${other.name}) and ${one.module}.ts (${one.name}); a step names a rule by its format`);
    byFormat.set(one.rule.format, one);
  }
  return [...byFormat.values()];
}
