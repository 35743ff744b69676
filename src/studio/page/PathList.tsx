/**
 * The studio's path list with replay (issue #15 point 4, issue #37): the journey's paths as
 * `journeys:paths` names them, filtered by a few words; "Replay" has the studio's server replay
 * one in Node against a sandbox started for it, every call real (`journeys:replay`), and shows its
 * status (✓ passed, ○ expected: a known limit of the seed with its reason, ✗ failed), the agent's
 * events it sent, and where and why the journey left the path: the call whose answer differed
 * from the path's example. "Replay all" replays every path shown, one after another, and lists
 * each failure with its why. "Show on diagram" outlines a path's states on the diagram, "Show
 * where it left the path" the state a failed replay left it at (`onShowOnDiagram`, the Studio's).
 * "In the browser" replays one path in Chromium against the app built from the journey shown (the
 * first time a minute or two: the build), with its line (where it left, and the call whose answer
 * differed from the path's example, as the command says it), its warnings and its screenshots as
 * a gallery.
 */
import { Alert, Badge, Button, Code, Group, Image, Loader, Paper, Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import type { BrowserReplayAnswer, PathsAnswer, PathSummary, ReplayAnswer, ReplayStatusName } from '../panelApi';
import { panelFetch } from './panelFetch';
import { useCountryAnswer } from './useCountryAnswer';

/** How many paths are drawn at once: the rest are found by the filter. */
const SHOWN = 100;

type Replay = { running: true } | { running: false; answer: ReplayAnswer } | { running: false; error: string };
type BrowserReplay = { running: true } | { running: false; answer: BrowserReplayAnswer } | { running: false; error: string };

/** Outlines states on the diagram: the path's, and where a replay left it (`left`, a full state id). */
export type ShowOnDiagram = (states: string[], left?: string) => void;

/** How each status is shown: its badge's colour and words. */
const STATUS_LOOK: Record<ReplayStatusName, { color: string; words: (answer: ReplayAnswer) => string }> = {
  passed: { color: 'green', words: (answer) => `✓ reached its end (${answer.ms} ms)` },
  warned: { color: 'yellow', words: () => '⚠ reached its end with warnings' },
  expected: { color: 'gray', words: () => '○ expected: a known limit of the seed' },
  failed: { color: 'red', words: () => '✗ left the path' },
};

/** "Replay all": how far it is, and whether it was asked to stop. */
interface ReplayAll {
  names: string[];
  at: number;
  stopping: boolean;
}

export function PathList({ country, onShowOnDiagram }: { country: string; onShowOnDiagram?: ShowOnDiagram }) {
  const [filter, setFilter] = useState('');
  const [replays, setReplays] = useState<Record<string, Replay>>({});
  const [inBrowser, setInBrowser] = useState<Record<string, BrowserReplay>>({});
  const [all, setAll] = useState<ReplayAll | undefined>();
  const stop = useRef(false);
  // A save of the journey may rename paths: listed again, earlier replays (of the old file) dropped.
  const { answer: current, error } = useCountryAnswer<PathsAnswer>('/paths', country, () => {
    setReplays({});
    setInBrowser({});
  });
  const shown = useMemo(() => {
    // Every word must be in the name or a place the path passes (`orderSuccess /documentos`).
    const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (current?.paths ?? []).filter((path) => {
      const text = `${path.name} ${path.steps.map((s) => s.place).join(' ')} ${path.end}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }, [current, filter]);

  const replay = async (name: string): Promise<void> => {
    setReplays((replayed) => ({ ...replayed, [name]: { running: true } }));
    await panelFetch<ReplayAnswer>(`/replay?country=${encodeURIComponent(country)}`, { name }).then(
      (result) => setReplays((replayed) => ({ ...replayed, [name]: { running: false, answer: result } })),
      (e: Error) => setReplays((replayed) => ({ ...replayed, [name]: { running: false, error: e.message } })),
    );
  };

  const replayInBrowser = (name: string) => {
    setInBrowser((replayed) => ({ ...replayed, [name]: { running: true } }));
    panelFetch<BrowserReplayAnswer>(`/replay/browser?country=${encodeURIComponent(country)}`, { name }).then(
      (result) => setInBrowser((replayed) => ({ ...replayed, [name]: { running: false, answer: result } })),
      (e: Error) => setInBrowser((replayed) => ({ ...replayed, [name]: { running: false, error: e.message } })),
    );
  };

  /** Every path shown replayed one after another (each on a fresh sandbox of its own), until done or stopped. */
  const replayAll = async () => {
    const names = shown.map((path) => path.name);
    stop.current = false;
    for (const [at, name] of names.entries()) {
      if (stop.current) break;
      setAll({ names, at, stopping: false });
      await replay(name);
    }
    setAll(undefined);
  };

  if (error) return <Alert m="md" color="red" title="Paths" role="alert" style={{ whiteSpace: 'pre-wrap' }}>{error}</Alert>;
  if (!current) return <Group p="md"><Loader size="sm" /><Text size="sm">Exploring the journey's paths…</Text></Group>;
  const byName = new Map(current.paths.map((path) => [path.name, path]));
  return (
    <Stack p="md" gap="sm" data-panel="path-list">
      <TextInput label="Paths" placeholder="Filter: words of the name or of a route it passes (orderSuccess /documentos)" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} maw={640} />
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          {`${shown.length} of ${current.paths.length} paths from the sign-in to a terminal step (npm run journeys:paths -- ${country}).`}
          {shown.length > SHOWN ? ` The first ${SHOWN} are shown.` : ''}
        </Text>
        {all ? (
          <Button size="xs" variant="default" color="red" onClick={() => { stop.current = true; setAll({ ...all, stopping: true }); }} disabled={all.stopping}>
            {all.stopping ? 'Stopping after this one…' : 'Stop'}
          </Button>
        ) : (
          <Button size="xs" onClick={() => void replayAll()} disabled={shown.length === 0} aria-label={`Replay all ${shown.length} paths shown`}>
            {`Replay all (${shown.length})`}
          </Button>
        )}
      </Group>
      {all && (
        <Stack gap={4} aria-label="Replaying all">
          <Text size="sm">{`Replaying ${all.at + 1} of ${all.names.length}: ${all.names[all.at] ?? ''}`}</Text>
          <Progress value={(100 * all.at) / Math.max(1, all.names.length)} size="sm" />
        </Stack>
      )}
      <ReplaySummary replays={replays} paths={byName} onShowOnDiagram={onShowOnDiagram} />
      {current.uncovered.length > 0 && (
        <Alert color="orange" title={`${current.uncovered.length} branch(es) no path takes`}>
          {current.uncovered.join('; ')}
        </Alert>
      )}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Paths of the journey">
        {shown.slice(0, SHOWN).map((path) => (
          <PathRow
            key={path.name}
            path={path}
            replay={replays[path.name]}
            onReplay={() => void replay(path.name)}
            browser={inBrowser[path.name]}
            onReplayInBrowser={() => replayInBrowser(path.name)}
            onShowOnDiagram={onShowOnDiagram}
          />
        ))}
      </Stack>
    </Stack>
  );
}

/** The replays done so far, counted by status, and each that did not pass with its why. */
function ReplaySummary({ replays, paths, onShowOnDiagram }: { replays: Record<string, Replay>; paths: Map<string, PathSummary>; onShowOnDiagram: ShowOnDiagram | undefined }) {
  const answers = Object.values(replays).flatMap((r) => (!r.running && 'answer' in r ? [r.answer] : []));
  const errors = Object.entries(replays).flatMap(([name, r]) => (!r.running && 'error' in r ? [{ name, error: r.error }] : []));
  // One replay says itself in its row: the summary is for several, or for one that did not pass.
  if (answers.length + errors.length < 2 && answers.every((a) => a.status === 'passed')) return null;
  const count = (status: ReplayStatusName) => answers.filter((a) => a.status === status).length;
  const notPassed = answers.filter((a) => a.status !== 'passed');
  return (
    <Paper withBorder p="xs" aria-label="Replays" data-replay-summary="">
      <Text size="sm" fw={500} data-replay-counts="">
        {`${answers.length + errors.length} replayed: ${count('passed')} passed, ${count('expected')} expected, ${count('failed') + errors.length} failed${count('warned') > 0 ? `, ${count('warned')} with warnings` : ''}.`}
      </Text>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {notPassed.map((answer) => {
          const path = paths.get(answer.name);
          return (
            <Group key={answer.name} component="li" gap="xs" wrap="nowrap" align="flex-start" data-replay-why={answer.name}>
              <Badge color={STATUS_LOOK[answer.status].color} tt="none" style={{ flexShrink: 0 }}>{answer.status}</Badge>
              <Text size="xs" style={{ wordBreak: 'break-word' }}>
                <Text span ff="monospace" size="xs" fw={500}>{answer.name}</Text>
                {`: ${answer.said}`}
              </Text>
              {onShowOnDiagram && path && answer.left && (
                <Button size="compact-xs" variant="subtle" style={{ flexShrink: 0 }} onClick={() => onShowOnDiagram(path.states, answer.left?.state)}>
                  Show where it left the path
                </Button>
              )}
            </Group>
          );
        })}
        {errors.map(({ name, error }) => (
          <Text key={name} component="li" size="xs" c="red">{`${name}: ${error}`}</Text>
        ))}
      </Stack>
    </Paper>
  );
}

interface PathRowProps {
  path: PathSummary;
  replay: Replay | undefined;
  onReplay: () => void;
  browser: BrowserReplay | undefined;
  onReplayInBrowser: () => void;
  onShowOnDiagram: ShowOnDiagram | undefined;
}

function PathRow({ path, replay, onReplay, browser, onReplayInBrowser, onShowOnDiagram }: PathRowProps) {
  const [open, setOpen] = useState(false);
  const answer = replay && !replay.running && 'answer' in replay ? replay.answer : undefined;
  return (
    <Paper component="li" withBorder p="xs" data-path={path.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text ff="monospace" size="sm" fw={500} style={{ wordBreak: 'break-all' }}>{path.name}</Text>
          <Text size="xs" c="dimmed">{`ends at ${path.end} · ${path.agentEvents} agent event(s), ${path.steps.length} in all`}</Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {answer && (
            <Badge color={STATUS_LOOK[answer.status].color} size="lg" tt="none" data-replay-result={answer.status}>
              {STATUS_LOOK[answer.status].words(answer)}
            </Badge>
          )}
          {onShowOnDiagram && (
            <Button size="xs" variant="default" onClick={() => onShowOnDiagram(path.states)} aria-label={`Show ${path.name} on the diagram`}>
              Show on diagram
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Hide steps' : 'Steps'}
          </Button>
          <Button size="xs" onClick={onReplay} loading={replay?.running === true} aria-label={`Replay ${path.name}`}>
            Replay
          </Button>
          <Button size="xs" variant="light" onClick={onReplayInBrowser} loading={browser?.running === true} aria-label={`Replay in the browser: ${path.name}`}>
            In the browser
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
      {answer && <ReplayResult answer={answer} onShowWhereLeft={onShowOnDiagram && answer.left ? () => onShowOnDiagram(path.states, answer.left?.state) : undefined} />}
      {browser?.running && <Text mt="xs" size="sm" c="dimmed">Replaying in Chromium (the app is built first, a minute or two the first time)…</Text>}
      {browser && !browser.running && 'error' in browser && (
        <Alert mt="xs" color="red" role="alert" style={{ whiteSpace: 'pre-wrap' }}>{browser.error}</Alert>
      )}
      {browser && !browser.running && 'answer' in browser && (
        <BrowserResult
          answer={browser.answer}
          onShowWhereLeft={onShowOnDiagram && browser.answer.left?.state ? () => onShowOnDiagram(path.states, browser.answer.left?.state) : undefined}
        />
      )}
    </Paper>
  );
}

/** A side of the differing call as a sentence: `answers {...}` and `fails (...)` as they are, values after `verb`. */
const verbed = (side: string, verb: string) => (side.startsWith('answers') || side.startsWith('fails') ? side : `${verb} ${side}`);

/** What a replay did: the agent's events sent, in order, and where and why it left the path (the call whose answer differed first). */
function ReplayResult({ answer, onShowWhereLeft }: { answer: ReplayAnswer; onShowWhereLeft: (() => void) | undefined }) {
  const { left } = answer;
  const differed = left?.differed;
  const why = left
    ? [
        differed ? `${differed.operation}'s answer differed from the path's example: the example ${verbed(differed.example, 'has')}; the sandbox ${verbed(differed.answered, 'answered')}.` : '',
        differed ? `After it the path goes on to ${differed.pathGoes}; the journey went to ${differed.journeyWent}.` : '',
        !differed && left.lastCall ? `the last call, ${left.lastCall.operationId}, ${left.lastCall.ok ? 'answered' : `failed (${left.lastCall.status ?? '?'}: ${left.lastCall.message ?? ''})`}` : '',
        !differed && left.pathAnswer ? `where the path's example answered ${left.pathAnswer}` : '',
        left.message ? `the screen says "${left.message}"` : '',
      ].filter(Boolean)
    : [];
  return (
    <Stack gap={4} mt="xs" aria-label="Replay">
      <Text size="sm">{`${answer.done.length} of ${answer.of} agent event(s) sent against a fresh sandbox:`}</Text>
      <Code block data-replay-steps="">
        {answer.done.map((step) => `${step.place} --${step.event}-->`).join('\n') || '(none)'}
      </Code>
      {answer.expected && (
        <Alert color="gray" title="Expected: a known limit of the seed" data-replay-expected="">
          <Text size="sm">{answer.expected}</Text>
        </Alert>
      )}
      {left && (
        <Alert color={answer.expected ? 'gray' : 'red'} title="Where it left the path" data-replay-left="">
          <Text size="sm">{`Expected ${left.expected}; the journey is at ${left.actual}.`}</Text>
          {why.map((line) => (
            <Text key={line} size="sm" data-replay-differed={differed && line.startsWith(differed.operation) ? differed.operation : undefined}>{line}</Text>
          ))}
          {onShowWhereLeft && (
            <Button mt="xs" size="xs" variant="default" onClick={onShowWhereLeft}>
              Show where it left the path
            </Button>
          )}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * A replay in Chromium: its status and line (describeBrowserReplay's: where it left and the call
 * whose answer differed), each warning (a substitution, or expected with its reason), and the
 * screenshots as a gallery.
 */
function BrowserResult({ answer, onShowWhereLeft }: { answer: BrowserReplayAnswer; onShowWhereLeft: (() => void) | undefined }) {
  return (
    <Stack gap={4} mt="xs" aria-label="Replay in the browser" data-browser-replay={answer.status}>
      <Group gap="xs">
        <Badge color={STATUS_LOOK[answer.status].color} tt="none">{`In Chromium: ${answer.status}`}</Badge>
        <Text size="sm">{answer.said}</Text>
        {onShowWhereLeft && (
          <Button size="compact-xs" variant="default" onClick={onShowWhereLeft}>
            Show where it left the path
          </Button>
        )}
      </Group>
      {answer.warnings.length > 0 && (
        <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 16 }} aria-label="Warnings">
          {answer.warnings.map((warning, i) => (
            <Text key={`${i}-${warning.text}`} component="li" size="xs" c={warning.expected ? 'dimmed' : 'orange.9'} data-warning={warning.expected ? 'expected' : 'substitution'}>
              {warning.expected ? `expected: ${warning.text} (${warning.expected})` : `warning: ${warning.text}`}
            </Text>
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed">{`${answer.screenshots.length} screenshot(s), saved in ${answer.folder}/`}</Text>
      <SimpleGrid cols={{ base: 3, md: 6 }} spacing="xs" aria-label="Screenshots">
        {answer.screenshots.map((shot) => (
          <figure key={shot.name} style={{ margin: 0 }}>
            <Image src={shot.src} alt={shot.name} radius="sm" style={{ border: '1px solid var(--mantine-color-gray-3)' }} />
            <Text component="figcaption" size="xs" ta="center" style={{ wordBreak: 'break-all' }}>{shot.name}</Text>
          </figure>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
