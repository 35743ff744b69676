/**
 * The panel of the state chosen on the diagram: where it is in the file, its step (route,
 * screen, progress, back), the calls it makes, every transition out of it (its own, its inner
 * states', and those of the containers around it, which work from anywhere inside), the ones
 * that lead into it, then its screen's preview and its editor. A target or a source is a button
 * that chooses that state.
 */
import { Anchor, Badge, CloseButton, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DiagramModel, TransitionLine } from './diagramModel';
import { ancestorsOf } from './diagramView';
import { StepEditor } from './StepEditor';

export interface StatePanelProps {
  model: DiagramModel;
  stateId: string;
  country: string;
  /** The journey file, as its problems name it, and the line each state is written at. */
  file: string;
  lines: Record<string, number>;
  onChoose: (id: string) => void;
  onClose: () => void;
  /** The screen's preview (the step preview's own component), drawn under the facts. */
  preview?: ReactNode;
}

const keyOf = (model: DiagramModel, id: string) => model.states.find((s) => s.id === id)?.key ?? id;

function TransitionRows({ model, list, far, onChoose }: { model: DiagramModel; list: TransitionLine[]; far: 'target' | 'source'; onChoose: (id: string) => void }) {
  return (
    <>
      {list.map((t) => (
        <Table.Tr key={`${far}:${t.id}`}>
          <Table.Td>
            <Code>{t.event}</Code>
            {t.guard && <Text span size="xs" c="orange.9">{` if ${t.guard}`}</Text>}
          </Table.Td>
          <Table.Td>
            <Anchor component="button" type="button" size="sm" onClick={() => onChoose(t[far])} aria-label={`${far === 'target' ? 'Go to' : 'From'} ${keyOf(model, t[far])}`}>
              {keyOf(model, t[far])}
            </Anchor>
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}

function Transitions({ model, title, list, far, onChoose }: { model: DiagramModel; title: string; list: TransitionLine[]; far: 'target' | 'source'; onChoose: (id: string) => void }) {
  if (list.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>{title}</Text>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={4} fz="sm">
        <Table.Tbody>
          <TransitionRows model={model} list={list} far={far} onChoose={onChoose} />
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function StatePanel({ model, stateId, country, file, lines, onChoose, onClose, preview }: StatePanelProps) {
  const state = model.states.find((s) => s.id === stateId);
  if (!state) return null;
  const inside = (id: string) => id === stateId || ancestorsOf(model, id).includes(stateId);
  const own = model.transitions.filter((t) => t.source === stateId);
  const inner = model.transitions.filter((t) => t.source !== stateId && inside(t.source) && !inside(t.target));
  const around = ancestorsOf(model, stateId);
  const anywhere = around.flatMap((outer) => model.transitions.filter((t) => t.source === outer));
  const into = model.transitions.filter((t) => inside(t.target) && !inside(t.source));
  const calls = model.states.filter((s) => inside(s.id)).flatMap((s) => s.calls);
  const line = lines[stateId];
  return (
    <Stack gap="xs" data-panel="state" data-state={stateId} aria-label={`State ${state.key}`} role="region">
      <Group justify="space-between" wrap="nowrap">
        <Title order={4}>{state.key}</Title>
        <CloseButton aria-label="Close the state's panel" onClick={onClose} />
      </Group>
      <Text size="xs" ff="monospace">{stateId}</Text>
      <Text size="xs" c="dimmed" data-file-line>{`${file}${line ? ` line ${line}` : ''} · ${state.pointer || '/'}`}</Text>
      {state.route !== undefined && (
        <Group gap={6}>
          <Badge variant="light" tt="none" ff="monospace">{state.route}</Badge>
          {state.step && <Badge variant="outline" tt="none">{`screen ${state.step}`}</Badge>}
          <Badge variant="outline" tt="none" data-progress>{state.progress ? `progress ${state.progress}` : 'no progress'}</Badge>
          <Badge variant="outline" color="gray" tt="none">{`back ${state.back ?? 'allow'}`}</Badge>
        </Group>
      )}
      {calls.length > 0 && <Text size="sm">{`Calls: ${calls.join(', ')}`}</Text>}
      <Transitions model={model} title="Transitions out" list={own} far="target" onChoose={onChoose} />
      <Transitions model={model} title="Out of its inner states" list={inner} far="target" onChoose={onChoose} />
      <Transitions model={model} title="From anywhere inside the states around it" list={anywhere} far="target" onChoose={onChoose} />
      <Transitions model={model} title="Transitions in" list={into} far="source" onChoose={onChoose} />
      {preview}
      <StepEditor country={country} stateId={stateId} />
    </Stack>
  );
}
