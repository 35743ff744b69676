import { toPointer } from '../pack/jsonPointer';
import { isRow } from '../pack/referenceChoices';
import type { StepFile } from '../pack/stepFile';
import { formatRules, keywordFormats } from '../validation/formats';
import type { Problem } from './problem';

/** Where a step names a rule: its `format`s and the keywords that stand for one in the schema, and the rules its fields check while typing. */
function ruleSites(node: unknown, at: string, found: Array<{ format: string; pointer: string }>, typing = false): void {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    const pointer = `${at}${toPointer([key])}`;
    if (!typing && key === 'format' && typeof value === 'string') found.push({ format: value, pointer });
    else if (!typing && value === true && Object.hasOwn(keywordFormats, key)) found.push({ format: keywordFormats[key] as string, pointer });
    else if (typing && key === 'typing' && typeof value === 'string' && at.endsWith('/ui:options')) found.push({ format: value, pointer });
    else ruleSites(value, pointer, found, typing);
  }
}

/**
 * Checks that every rule a step names which reads its country's reference data (a rule's
 * `reads`, src/validation/formatRule.ts) finds it: each table it reads is named in the country
 * file's `referenceData` and is a list of rows. Without them the step's validator cannot be
 * built, or checks nothing; the problem is at the `format` that names the rule.
 */
export function checkRuleTables(step: StepFile, references: ReadonlyMap<string, unknown>, country: string): Problem[] {
  const sites: Array<{ format: string; pointer: string }> = [];
  ruleSites(step.schema, '/schema', sites);
  ruleSites(step.uiSchema, '/uiSchema', sites, true);
  return sites.flatMap(({ format, pointer }) =>
    (Object.hasOwn(formatRules, format) ? (formatRules[format]?.reads ?? []) : []).flatMap((name): Problem[] => {
      if (!references.has(name)) {
        return [{ pointer, message: `the rule "${format}" reads the reference data "${name}", which the country file of ${country} does not declare: add it to its referenceData (a .json list of rows in the pack)` }];
      }
      const rows = references.get(name);
      return Array.isArray(rows) && rows.every(isRow) ? [] : [{ pointer, message: `the rule "${format}" reads the reference data "${name}", which is not a list of rows (objects)` }];
    }),
  );
}
