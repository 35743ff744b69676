import { toPointer } from '../pack/jsonPointer';
import { isRow } from '../pack/referenceChoices';
import type { StepFile } from '../pack/stepFile';
import type { Problem } from './problem';
import { TYPE_WORDS } from './unsatisfiableSchema';

type Schema = Record<string, unknown>;

/** What a field is, in words: "text", "a list of text", "a list of objects". */
const kindOf = (field: Schema | undefined): string => {
  if (!field) return 'not a field of the step';
  const type = typeof field.type === 'string' ? field.type : 'untyped';
  if (type !== 'array') return TYPE_WORDS[type] ?? type;
  const items = isRow(field.items) ? field.items : {};
  return typeof items.type === 'string' ? `a list of ${items.type === 'object' ? 'objects' : (TYPE_WORDS[items.type] ?? items.type)}` : 'a list';
};

/**
 * A repeatable group (`"ui:widget": "group"`, src/screens/rjsf/groupTemplates.tsx) is a field of
 * the step's own that is a list of objects, its rows' fields the items' properties: anywhere
 * else rjsf would hand the widget a value it cannot draw.
 *
 * @example groupProblems({ schema: { type: 'object', properties: { phone: { type: 'string' } } }, uiSchema: { phone: { 'ui:widget': 'group' } } }) // [{ pointer: '/uiSchema/phone/ui:widget', message: 'a group is drawn on a list of objects ..., but "phone" is text' }]
 */
export function groupProblems(step: StepFile): Problem[] {
  const problems: Problem[] = [];
  const fields = (isRow(step.schema?.properties) ? step.schema.properties : {}) as Record<string, Schema>;
  const visit = (ui: unknown, at: string, field: string | undefined, depth: number) => {
    if (!isRow(ui)) return;
    if (ui['ui:widget'] === 'group') {
      const where = `${at}/ui:widget`;
      if (depth !== 1 || field === undefined) problems.push({ pointer: where, message: 'a group is one of the step\'s own fields (a key of the uiSchema\'s root): rows inside rows are not drawn' });
      else if (kindOf(fields[field]) !== 'a list of objects') {
        problems.push({ pointer: where, message: `a group is drawn on a list of objects ("type": "array", "items": {"type": "object", ...}), but "${field}" is ${kindOf(fields[field])}` });
      }
    }
    for (const [key, child] of Object.entries(ui)) if (!key.startsWith('ui:')) visit(child, `${at}${toPointer([key])}`, depth === 0 ? key : field, depth + 1);
  };
  visit(step.uiSchema, '/uiSchema', undefined, 0);
  return problems;
}
