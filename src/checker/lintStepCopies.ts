import { suggestion } from '../pack/didYouMean';
import { toPointer } from '../pack/jsonPointer';
import { isRow } from '../pack/referenceChoices';
import type { StepFile } from '../pack/stepFile';
import type { Problem } from './problem';
import { TYPE_WORDS } from './unsatisfiableSchema';

/** What a copy can fill: a field the agent types (text or a number). */
const FILLED = ['string', 'number', 'integer'];

/**
 * A check box's copies (`ui:options.copies`, src/screens/checkboxCopies.ts) fill fields of its
 * own step: each name is one of the step's fields, one that takes text or a number, and not the
 * box itself. (Their pointers are checked against the journey's data with every other option's:
 * lintStepOptionPointers.)
 *
 * @example copiesProblems(step) // [{ pointer: '/uiSchema/useClient/ui:options/copies/billingNme', message: 'the step has no field "billingNme"; did you mean "billingName"?' }]
 */
export function copiesProblems(step: StepFile): Problem[] {
  const problems: Problem[] = [];
  const fields = (isRow(step.schema?.properties) ? step.schema.properties : {}) as Record<string, Record<string, unknown>>;
  for (const [box, ui] of Object.entries(step.uiSchema ?? {})) {
    const copies = isRow(ui) && isRow(ui['ui:options']) ? ui['ui:options'].copies : undefined;
    if (box.startsWith('ui:') || !isRow(copies)) continue;
    for (const name of Object.keys(copies)) {
      const at = `/uiSchema${toPointer([box])}/ui:options/copies${toPointer([name])}`;
      const field = fields[name];
      const type = typeof field?.type === 'string' ? field.type : undefined;
      if (!field) problems.push({ pointer: at, message: `the step has no field "${name}"${suggestion(name, Object.keys(fields))}` });
      else if (name === box) problems.push({ pointer: at, message: `"${box}" would copy into itself: a copy fills other fields of the step` });
      else if (type !== undefined && !FILLED.includes(type)) problems.push({ pointer: at, message: `a copy fills text or a number, but "${name}" is ${TYPE_WORDS[type] ?? type}` });
    }
  }
  return problems;
}
