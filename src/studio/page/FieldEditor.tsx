import { Button, Checkbox, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { toPointer } from '../../pack/jsonPointer';
import type { EditorField, EditorText, FieldRule, StudioEdit } from '../editApi';
import { EditRefusalAlert } from './EditRefusalAlert';
import { useSent, type Send } from './editRequests';
import { BOX, TARGET_PX, TextControl, textEdits } from './TextControl';
import { useDrafts } from './useDrafts';

// Each rule of a field: its input's words.
const RULE_LABELS: Record<Exclude<FieldRule, 'required'>, string> = { minLength: 'minimum length', maxLength: 'maximum length', minimum: 'minimum', maximum: 'maximum' };
const limitsOf = (field: EditorField): Array<Exclude<FieldRule, 'required'>> =>
  field.type === 'string' ? ['minLength', 'maxLength'] : field.type === 'number' || field.type === 'integer' ? ['minimum', 'maximum'] : [];
const shownValue = (value: number | undefined) => (value === undefined ? '' : String(value));

/**
 * A field of the step: its title, its other texts (description, help, placeholder, options'
 * words, messages: `texts`) and its rules, all saved by "Save field", one edit each. What was
 * typed stays through a refusal, and through the edits of the same save written before it.
 */
export function FieldEditor({ step, field, texts, send }: { step: string; field: EditorField; texts: EditorText[]; send: Send }) {
  const name = field.title ?? field.name;
  const limits = limitsOf(field);
  const [draft, setDraft] = useDrafts<string>();
  const [requiredDraft, setRequired] = useDrafts<boolean>();
  const [refusal, sent] = useSent(send);
  const title = draft('title', field.title ?? '');
  const required = requiredDraft('required', field.required);
  const edits: StudioEdit[] = [];
  if (field.title !== undefined && title !== field.title) edits.push({ kind: 'stepText', step, pointer: toPointer(['schema', 'properties', field.name, 'title']), value: title });
  edits.push(...textEdits(step, texts, draft));
  if (required !== field.required) edits.push({ kind: 'fieldRule', step, field: field.name, rule: 'required', value: required });
  for (const rule of limits) {
    const typed = draft(rule, shownValue(field[rule])).trim();
    if (typed !== shownValue(field[rule])) edits.push({ kind: 'fieldRule', step, field: field.name, rule, value: typed === '' ? null : Number(typed) });
  }
  return (
    <Stack gap={4} data-field={field.name} role="group" aria-label={`Field ${name}`}>
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {name} <Code>{field.name}</Code>
        </Text>
        <Checkbox size="xs" label="required" aria-label={`${name} required`} checked={required} onChange={(e) => setRequired('required', field.required, e.currentTarget.checked)} />
      </Group>
      {field.title !== undefined && <TextInput size="sm" styles={BOX} label="title" aria-label={`${name} title`} value={title} onChange={(e) => setDraft('title', field.title ?? '', e.currentTarget.value)} />}
      {texts.map((text) => (
        <TextControl key={text.pointer} text={text} name={`${name} ${text.label}`} draft={draft(text.pointer, text.value ?? '')} onChange={(value) => setDraft(text.pointer, text.value ?? '', value)} />
      ))}
      {limits.length > 0 && (
        <Group gap="xs" wrap="nowrap" align="flex-end">
          {limits.map((rule) => (
            <TextInput
              key={rule}
              size="sm"
              styles={BOX}
              type="number"
              label={RULE_LABELS[rule]}
              aria-label={`${name} ${RULE_LABELS[rule]}`}
              placeholder="none"
              value={draft(rule, shownValue(field[rule]))}
              onChange={(e) => setDraft(rule, shownValue(field[rule]), e.currentTarget.value)}
              style={{ flex: 1 }}
            />
          ))}
        </Group>
      )}
      <Button mih={TARGET_PX} variant="light" color="blue.9" disabled={edits.length === 0} aria-label={`Save field ${name}`} onClick={() => sent(edits)}>
        Save field
      </Button>
      {refusal && <EditRefusalAlert refusal={refusal} />}
    </Stack>
  );
}
