/**
 * The state panel's editor (issue #37): a product owner changes the state's step title, its
 * fields' rules, its transitions' targets, its buttons' events and its place among its siblings,
 * and the studio writes each change back to the journey or step file, formatting and key order
 * kept (src/studio/server/edits/). Each edit is checked as journeys:check checks before it is
 * written: a refused one shows the checker's words and keeps what was typed. Undo and redo put
 * the files' texts back exactly.
 */
import { Alert, Button, Checkbox, Code, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatProblem } from '../../checker/problem';
import { toPointer } from '../../pack/jsonPointer';
import type { EditAnswer, EditorField, EditorState, EditRefusal, FieldRule, StudioEdit } from '../editApi';
import { PANEL_API } from '../panelApi';
import { useCountryAnswer } from './useCountryAnswer';

/** What an edit request came to: written, or refused with the server's words and problems. */
type Outcome = { ok: true; answer: EditAnswer } | { ok: false; refusal: EditRefusal };

async function post(route: string, body?: unknown): Promise<Outcome> {
  const response = await fetch(`${PANEL_API}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const answer = (await response.json().catch(() => ({ error: `the studio answered ${response.status}` }))) as EditAnswer | EditRefusal;
  return response.ok ? { ok: true, answer: answer as EditAnswer } : { ok: false, refusal: answer as EditRefusal };
}

/** Sends edits one after another, stopping at the first refused: its refusal, or undefined when all were written. */
type Send = (edits: StudioEdit[]) => Promise<EditRefusal | undefined>;

/**
 * A control's edits sent, and the refusal shown beside it (not at the top of a long panel, out of
 * view), with what was typed kept: the control is drawn again only when its file's value changes.
 */
function useSent(send: Send): [EditRefusal | undefined, (edits: StudioEdit[]) => void] {
  const [refusal, setRefusal] = useState<EditRefusal>();
  return [refusal, (edits) => void send(edits).then(setRefusal)];
}

// Each rule of a field: its input's words.
const RULE_LABELS: Record<Exclude<FieldRule, 'required'>, string> = { minLength: 'minimum length', maxLength: 'maximum length', minimum: 'minimum', maximum: 'maximum' };
const limitsOf = (field: EditorField): Array<Exclude<FieldRule, 'required'>> =>
  field.type === 'string' ? ['minLength', 'maxLength'] : field.type === 'number' || field.type === 'integer' ? ['minimum', 'maximum'] : [];
const shownValue = (value: number | undefined) => (value === undefined ? '' : String(value));

function TitleEditor({ step, title, send }: { step: string; title: string; send: Send }) {
  const [draft, setDraft] = useState(title);
  const [refusal, sent] = useSent(send);
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput label="Step title" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} style={{ flex: 1 }} size="xs" />
        <Button size="xs" color="blue.8" disabled={draft === title} onClick={() => sent([{ kind: 'stepText', step, pointer: '/title', value: draft }])}>
          Save title
        </Button>
      </Group>
      {refusal && <Refusal refusal={refusal} />}
    </Stack>
  );
}

function FieldEditor({ step, field, send }: { step: string; field: EditorField; send: Send }) {
  const name = field.title ?? field.name;
  const limits = limitsOf(field);
  const [required, setRequired] = useState(field.required);
  const [title, setTitle] = useState(field.title ?? '');
  const [refusal, sent] = useSent(send);
  const [drafts, setDrafts] = useState<Record<string, string>>(() => Object.fromEntries(limits.map((rule) => [rule, shownValue(field[rule])])));
  const edits: StudioEdit[] = [];
  if (field.title !== undefined && title !== field.title) edits.push({ kind: 'stepText', step, pointer: toPointer(['schema', 'properties', field.name, 'title']), value: title });
  if (required !== field.required) edits.push({ kind: 'fieldRule', step, field: field.name, rule: 'required', value: required });
  for (const rule of limits) {
    const typed = (drafts[rule] ?? '').trim();
    if (typed !== shownValue(field[rule])) edits.push({ kind: 'fieldRule', step, field: field.name, rule, value: typed === '' ? null : Number(typed) });
  }
  return (
    <Stack gap={4} data-field={field.name} role="group" aria-label={`Field ${name}`}>
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {name} <Code>{field.name}</Code>
        </Text>
        <Checkbox size="xs" label="required" aria-label={`${name} required`} checked={required} onChange={(e) => setRequired(e.currentTarget.checked)} />
      </Group>
      {field.title !== undefined && <TextInput size="xs" label="title" aria-label={`${name} title`} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />}
      {limits.length > 0 && (
        <Group gap="xs" wrap="nowrap" align="flex-end">
          {limits.map((rule) => (
            <TextInput
              key={rule}
              size="xs"
              type="number"
              label={RULE_LABELS[rule]}
              aria-label={`${name} ${RULE_LABELS[rule]}`}
              placeholder="none"
              value={drafts[rule] ?? ''}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setDrafts((d) => ({ ...d, [rule]: value }));
              }}
              style={{ flex: 1 }}
            />
          ))}
        </Group>
      )}
      <Button size="xs" variant="light" color="blue.9" disabled={edits.length === 0} aria-label={`Save field ${name}`} onClick={() => sent(edits)}>
        Save field
      </Button>
      {refusal && <Refusal refusal={refusal} />}
    </Stack>
  );
}

function TargetEditor({ transition, targets, send }: { transition: EditorState['transitions'][number]; targets: EditorState['targets']; send: Send }) {
  const current = transition.targetId ?? transition.target;
  const [draft, setDraft] = useState(current);
  const options = [...(transition.targetId ? [] : [{ value: transition.target, label: `${transition.target} (names no state)` }]), ...targets.map((t) => ({ value: t.id, label: t.id }))];
  const text = targets.find((t) => t.id === draft)?.text ?? draft;
  const [refusal, sent] = useSent(send);
  return (
    <Stack gap={4} data-transition={transition.pointer}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NativeSelect size="xs" label={`${transition.label} goes to`} data={options} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} style={{ flex: 1, minWidth: 0 }} />
        <Button size="xs" color="blue.8" disabled={draft === current} aria-label={`Save the target of ${transition.label}`} onClick={() => sent([{ kind: 'target', pointer: transition.pointer, target: text }])}>
          Save
        </Button>
      </Group>
      {refusal && <Refusal refusal={refusal} />}
    </Stack>
  );
}

function ButtonEditor({ step, button, events, send }: { step: string; button: { index: number; label: string; event: string }; events: string[]; send: Send }) {
  const [draft, setDraft] = useState(button.event);
  const [label, setLabel] = useState(button.label);
  const [refusal, sent] = useSent(send);
  const edits: StudioEdit[] = [
    ...(label !== button.label ? [{ kind: 'stepText', step, pointer: `/buttons/${button.index}/label`, value: label } as const] : []),
    ...(draft !== button.event ? [{ kind: 'buttonEvent', step, button: button.index, event: draft } as const] : []),
  ];
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput size="xs" label="Button" aria-label={`Label of button "${button.label}"`} value={label} onChange={(e) => setLabel(e.currentTarget.value)} style={{ flex: 1, minWidth: 0 }} />
        <NativeSelect size="xs" label="sends" aria-label={`Event of button "${button.label}"`} data={events} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} style={{ flex: 1, minWidth: 0 }} />
        <Button size="xs" color="blue.8" disabled={edits.length === 0} aria-label={`Save button "${button.label}"`} onClick={() => sent(edits)}>
          Save
        </Button>
      </Group>
      {refusal && <Refusal refusal={refusal} />}
    </Stack>
  );
}

function MoveEditor({ stateId, name, position, busy, send }: { stateId: string; name: string; position: EditorState['position']; busy: boolean; send: Send }) {
  const [refusal, sent] = useSent(send);
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button size="xs" variant="default" disabled={position.index <= 0 || busy} aria-label={`Move up: ${name}`} onClick={() => sent([{ kind: 'move', state: stateId, direction: 'up' }])}>
          Move up
        </Button>
        <Button size="xs" variant="default" disabled={position.index >= position.of - 1 || busy} aria-label={`Move down: ${name}`} onClick={() => sent([{ kind: 'move', state: stateId, direction: 'down' }])}>
          Move down
        </Button>
        <Text size="xs" c="gray.7">{`${position.index + 1} of ${position.of} in its parent`}</Text>
      </Group>
      {refusal && <Refusal refusal={refusal} />}
    </Stack>
  );
}

/** The history's buttons, each with its count and, as its tooltip, the edit it would undo or redo. */
function UndoRedo({ history, busy, onClick }: { history: EditorState['history']; busy: boolean; onClick: (route: '/undo' | '/redo') => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" variant="default" disabled={history.undo.length === 0 || busy} title={history.undo.at(-1)?.label} onClick={() => onClick('/undo')}>
        {`Undo (${history.undo.length})`}
      </Button>
      <Button size="xs" variant="default" disabled={history.redo.length === 0 || busy} title={history.redo[0]?.label} onClick={() => onClick('/redo')}>
        {`Redo (${history.redo.length})`}
      </Button>
    </Group>
  );
}

/** The refusal's words: each problem as journeys:check prints it, else the server's sentence. */
function Refusal({ refusal }: { refusal: EditRefusal }) {
  const lines = refusal.problems?.map(formatProblem);
  return (
    <Alert color="red" title="Not written" role="alert" data-testid="edit-refusal">
      <Text size="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {lines ? `${refusal.error.split('\n')[0] ?? ''}\n${lines.join('\n')}` : refusal.error}
      </Text>
    </Alert>
  );
}

/** The editor's state from the server, asked again after each edit and when the journey file is saved. */
function useEditorState(country: string, stateId: string) {
  const { answer, error, reload } = useCountryAnswer<EditorState>('/edit/state', country, undefined, { state: stateId });
  return { state: answer?.stateId === stateId ? answer : undefined, error, reload };
}

export function StepEditor({ country, stateId }: { country: string; stateId: string }) {
  const { state, error, reload } = useEditorState(country, stateId);
  const [refusal, setRefusal] = useState<EditRefusal>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setRefusal(undefined), [country, stateId]);

  const run = async (requests: Array<() => Promise<Outcome>>): Promise<EditRefusal | undefined> => {
    setBusy(true);
    setRefusal(undefined);
    try {
      for (const request of requests) {
        const outcome = await request();
        if (!outcome.ok) return outcome.refusal;
      }
      return undefined;
    } finally {
      setBusy(false);
      reload();
    }
  };
  const send: Send = (edits) => run(edits.map((edit) => () => post(`/edit?country=${encodeURIComponent(country)}`, edit)));

  if (error) return <Alert color="red" title="The editor cannot open this state">{error}</Alert>;
  if (!state) return <Text size="sm" c="gray.7">Loading the editor…</Text>;
  const { step, history, position } = state;
  const key = state.stateId.split('.').at(-1) ?? state.stateId;
  return (
    <Stack gap="sm" data-panel="edit" role="region" aria-label={`Edit ${key}`} aria-busy={busy}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={5}>Edit</Title>
        <UndoRedo history={history} busy={busy} onClick={(route) => void run([() => post(route)]).then(setRefusal)} />
      </Group>
      {refusal && <Refusal refusal={refusal} />}
      {step && (
        <Stack gap="xs">
          <Text size="xs" c="gray.7">{step.file}</Text>
          <TitleEditor key={`title:${step.title}`} step={step.name} title={step.title} send={send} />
          {step.fields.map((field) => (
            <FieldEditor key={`${field.name}:${JSON.stringify(field)}`} step={step.name} field={field} send={send} />
          ))}
          {step.buttons.map((button) => (
            <ButtonEditor key={`${button.index}:${button.label}:${button.event}`} step={step.name} button={button} events={state.events} send={send} />
          ))}
        </Stack>
      )}
      {state.transitions.length > 0 && (
        <Stack gap="xs">
          <Text size="sm" fw={600}>Targets</Text>
          {state.transitions.map((t) => (
            <TargetEditor key={`${t.pointer}:${t.target}`} transition={t} targets={state.targets} send={send} />
          ))}
        </Stack>
      )}
      <MoveEditor stateId={state.stateId} name={key} position={position} busy={busy} send={send} />
    </Stack>
  );
}
