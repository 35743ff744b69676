/**
 * The studio's path list with replay (issue #15 point 4): the journey's paths as
 * `journeys:paths` names them, filtered by a few words; "Replay" has the studio's server replay
 * one in Node against a sandbox started for it, every call real (`journeys:replay`), and shows ✓
 * or ✗, the agent's events it sent, and where and why the journey left the path.
 */
import { Alert, Badge, Button, Code, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { PathsAnswer, PathSummary, ReplayAnswer } from '../panelApi';
import { panelFetch } from './panelFetch';
import { useCountryAnswer } from './useCountryAnswer';

/** How many paths are drawn at once: the rest are found by the filter. */
const SHOWN = 100;

type Replay = { running: true } | { running: false; answer: ReplayAnswer } | { running: false; error: string };

export function PathList({ country }: { country: string }) {
  const [filter, setFilter] = useState('');
  const [replays, setReplays] = useState<Record<string, Replay>>({});
  // A save of the journey may rename paths: listed again, earlier replays (of the old file) dropped.
  const { answer: current, error } = useCountryAnswer<PathsAnswer>('/paths', country, () => setReplays({}));
  const shown = useMemo(() => {
    // Every word must be in the name or a place the path passes (`orderSuccess /documentos`).
    const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (current?.paths ?? []).filter((path) => {
      const text = `${path.name} ${path.steps.map((s) => s.place).join(' ')} ${path.end}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }, [current, filter]);

  const replay = (name: string) => {
    setReplays((all) => ({ ...all, [name]: { running: true } }));
    panelFetch<ReplayAnswer>(`/replay?country=${encodeURIComponent(country)}`, { name }).then(
      (result) => setReplays((all) => ({ ...all, [name]: { running: false, answer: result } })),
      (e: Error) => setReplays((all) => ({ ...all, [name]: { running: false, error: e.message } })),
    );
  };

  if (error) return <Alert m="md" color="red" title="Paths" role="alert" style={{ whiteSpace: 'pre-wrap' }}>{error}</Alert>;
  if (!current) return <Group p="md"><Loader size="sm" /><Text size="sm">Exploring the journey's paths…</Text></Group>;
  return (
    <Stack p="md" gap="sm" data-panel="path-list">
      <TextInput label="Paths" placeholder="Filter: words of the name or of a route it passes (orderSuccess /documentos)" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} maw={640} />
      <Text size="sm" c="dimmed">
        {`${shown.length} of ${current.paths.length} paths from the sign-in to a terminal step (npm run journeys:paths -- ${country}).`}
        {shown.length > SHOWN ? ` The first ${SHOWN} are shown.` : ''}
      </Text>
      {current.uncovered.length > 0 && (
        <Alert color="orange" title={`${current.uncovered.length} branch(es) no path takes`}>
          {current.uncovered.join('; ')}
        </Alert>
      )}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Paths of the journey">
        {shown.slice(0, SHOWN).map((path) => (
          <PathRow key={path.name} path={path} replay={replays[path.name]} onReplay={() => replay(path.name)} />
        ))}
      </Stack>
    </Stack>
  );
}

function PathRow({ path, replay, onReplay }: { path: PathSummary; replay: Replay | undefined; onReplay: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Paper component="li" withBorder p="xs" data-path={path.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text ff="monospace" size="sm" fw={500} style={{ wordBreak: 'break-all' }}>{path.name}</Text>
          <Text size="xs" c="dimmed">{`ends at ${path.end} · ${path.agentEvents} agent event(s), ${path.steps.length} in all`}</Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {replay && !replay.running && 'answer' in replay && (
            <Badge color={replay.answer.ok ? 'green' : 'red'} size="lg" tt="none" data-replay-result={replay.answer.ok ? 'passed' : 'failed'}>
              {replay.answer.ok ? `✓ reached its end (${replay.answer.ms} ms)` : '✗ left the path'}
            </Badge>
          )}
          <Button size="xs" variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Hide steps' : 'Steps'}
          </Button>
          <Button size="xs" onClick={onReplay} loading={replay?.running === true} aria-label={`Replay ${path.name}`}>
            Replay
          </Button>
        </Group>
      </Group>
      {open && (
        <Code block mt="xs" aria-label="The path's steps">
          {[...path.steps.map((s) => `${s.place} --${s.label}-->`), path.end].join('\n')}
        </Code>
      )}
      {replay && !replay.running && 'error' in replay && (
        <Alert mt="xs" color="red" role="alert" style={{ whiteSpace: 'pre-wrap' }}>{replay.error}</Alert>
      )}
      {replay && !replay.running && 'answer' in replay && <ReplayResult answer={replay.answer} />}
    </Paper>
  );
}

/** What a replay did: the agent's events sent, in order, and where and why it left the path. */
function ReplayResult({ answer }: { answer: ReplayAnswer }) {
  const { left } = answer;
  const why = left
    ? [
        left.lastCall ? `the last call, ${left.lastCall.operationId}, ${left.lastCall.ok ? 'answered' : `failed (${left.lastCall.status ?? '?'}: ${left.lastCall.message ?? ''})`}` : '',
        left.pathAnswer ? `where the path's example answered ${left.pathAnswer}` : '',
        left.message ? `the screen says "${left.message}"` : '',
      ].filter(Boolean)
    : [];
  return (
    <Stack gap={4} mt="xs" aria-label="Replay">
      <Text size="sm">{`${answer.done.length} of ${answer.of} agent event(s) sent against a fresh sandbox:`}</Text>
      <Code block data-replay-steps="">
        {answer.done.map((step) => `${step.place} --${step.event}-->`).join('\n') || '(none)'}
      </Code>
      {left && (
        <Alert color="red" title="Where it left the path" data-replay-left="">
          <Text size="sm">{`Expected ${left.expected}; the journey is at ${left.actual}.`}</Text>
          {why.map((line) => (
            <Text key={line} size="sm">{line}</Text>
          ))}
        </Alert>
      )}
    </Stack>
  );
}
