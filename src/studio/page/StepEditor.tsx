/**
 * The state panel's editor (issue #37): a product owner changes the state's step texts (its
 * title, description, paragraphs, its fields' titles, help, placeholders, options and messages,
 * its buttons' labels, the screen's words), its fields' rules, its transitions' targets, its
 * buttons' events and its place among its siblings, and the studio writes each change back to the
 * journey or step file, formatting and key order kept (src/studio/server/edits/). Each edit is
 * checked as journeys:check checks before it is written: a refused one shows the checker's words
 * and keeps what was typed. Undo and redo put the files' texts back exactly.
 */
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { EditorState, EditRefusal, StudioEdit } from '../editApi';
import { EditRefusalAlert } from './EditRefusalAlert';
import { postEdit, useSent, type Outcome, type Send } from './editRequests';
import { FieldEditor } from './FieldEditor';
import { StepTextsEditor } from './StepTextsEditor';
import { BOX, TARGET_PX } from './TextControl';
import { useCountryAnswer } from './useCountryAnswer';

function TitleEditor({ step, title, send }: { step: string; title: string; send: Send }) {
  const [draft, setDraft] = useState(title);
  const [refusal, sent] = useSent(send);
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput label="Step title" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} style={{ flex: 1 }} size="xs" styles={BOX} />
        <Button size="xs" h={TARGET_PX} color="blue.8" disabled={draft === title} onClick={() => sent([{ kind: 'stepText', step, pointer: '/title', value: draft }])}>
          Save title
        </Button>
      </Group>
      {refusal && <EditRefusalAlert refusal={refusal} />}
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
        <NativeSelect size="xs" styles={BOX} label={`${transition.label} goes to`} data={options} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} style={{ flex: 1, minWidth: 0 }} />
        <Button size="xs" h={TARGET_PX} color="blue.8" disabled={draft === current} aria-label={`Save the target of ${transition.label}`} onClick={() => sent([{ kind: 'target', pointer: transition.pointer, target: text }])}>
          Save
        </Button>
      </Group>
      {refusal && <EditRefusalAlert refusal={refusal} />}
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
        <TextInput size="xs" styles={BOX} label="Button" aria-label={`Label of button "${button.label}"`} value={label} onChange={(e) => setLabel(e.currentTarget.value)} style={{ flex: 1, minWidth: 0 }} />
        <NativeSelect size="xs" styles={BOX} label="sends" aria-label={`Event of button "${button.label}"`} data={events} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} style={{ flex: 1, minWidth: 0 }} />
        <Button size="xs" h={TARGET_PX} color="blue.8" disabled={edits.length === 0} aria-label={`Save button "${button.label}"`} onClick={() => sent(edits)}>
          Save
        </Button>
      </Group>
      {refusal && <EditRefusalAlert refusal={refusal} />}
    </Stack>
  );
}

function MoveEditor({ stateId, name, position, busy, send }: { stateId: string; name: string; position: EditorState['position']; busy: boolean; send: Send }) {
  const [refusal, sent] = useSent(send);
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button size="xs" h={TARGET_PX} variant="default" disabled={position.index <= 0 || busy} aria-label={`Move up: ${name}`} onClick={() => sent([{ kind: 'move', state: stateId, direction: 'up' }])}>
          Move up
        </Button>
        <Button size="xs" h={TARGET_PX} variant="default" disabled={position.index >= position.of - 1 || busy} aria-label={`Move down: ${name}`} onClick={() => sent([{ kind: 'move', state: stateId, direction: 'down' }])}>
          Move down
        </Button>
        <Text size="xs" c="gray.7">{`${position.index + 1} of ${position.of} in its parent`}</Text>
      </Group>
      {refusal && <EditRefusalAlert refusal={refusal} />}
    </Stack>
  );
}

/** The history's buttons, each with its count and, as its tooltip, the edit it would undo or redo. */
function UndoRedo({ history, busy, onClick }: { history: EditorState['history']; busy: boolean; onClick: (route: '/undo' | '/redo') => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" h={TARGET_PX} variant="default" disabled={history.undo.length === 0 || busy} title={history.undo.at(-1)?.label} onClick={() => onClick('/undo')}>
        {`Undo (${history.undo.length})`}
      </Button>
      <Button size="xs" h={TARGET_PX} variant="default" disabled={history.redo.length === 0 || busy} title={history.redo[0]?.label} onClick={() => onClick('/redo')}>
        {`Redo (${history.redo.length})`}
      </Button>
    </Group>
  );
}

/** The editor's state from the server, asked again after each edit and when the journey or one of its step files is saved. */
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
  const send: Send = (edits) => run(edits.map((edit) => () => postEdit(`/edit?country=${encodeURIComponent(country)}`, edit)));

  if (error) return <Alert color="red" title="The editor cannot open this state">{error}</Alert>;
  if (!state) return <Text size="sm" c="gray.7">Loading the editor…</Text>;
  const { step, history, position } = state;
  const key = state.stateId.split('.').at(-1) ?? state.stateId;
  return (
    <Stack gap="sm" data-panel="edit" role="region" aria-label={`Edit ${key}`} aria-busy={busy}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={5}>Edit</Title>
        <UndoRedo history={history} busy={busy} onClick={(route) => void run([() => postEdit(route)]).then(setRefusal)} />
      </Group>
      {refusal && <EditRefusalAlert refusal={refusal} />}
      {step && (
        <Stack gap="xs">
          <Text size="xs" c="gray.7">{step.file}</Text>
          <TitleEditor key={`title:${step.title}`} step={step.name} title={step.title} send={send} />
          <StepTextsEditor key={step.name} step={step.name} texts={step.texts.filter((t) => t.field === undefined)} send={send} />
          {step.fields.map((field) => (
            <FieldEditor key={`${step.name}:${field.name}`} step={step.name} field={field} texts={step.texts.filter((t) => t.field === field.name)} send={send} />
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
