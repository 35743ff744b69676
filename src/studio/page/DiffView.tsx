/**
 * The studio's diff view (issue #15 point 4, issue #37): first the chosen country's journey as it
 * is now against the same file in the last git commit (`npm run journeys:diff -- <cc>`, asked
 * again each time the file is saved); below, any two versions of a journey, each a file of the
 * repository's (journeys/, and tests/fixtures/diff/'s edits of a journey) or a JSON pasted or
 * uploaded. Both compared by meaning as `npm run journeys:diff` compares them
 * (src/tools/diff/journeyDiff.ts, run by the studio's server): the edit's intents first, each
 * state renamed and step moved with the transitions it retargeted, the progress numbers and the
 * paths it changes (the lines the command prints under it); then the changes grouped as a
 * product owner reads them: steps, transitions, guards, calls, fields (the data the journey
 * declares) and messages, each added, removed or changed. A reordered or reindented file shows none.
 */
import { Alert, Badge, Button, Code, FileButton, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { effectLines, formatChange } from '../../tools/diff/changeLines';
import type { JourneyChange } from '../../tools/diff/journeyChange';
import type { DiffAnswer, DiffFilesAnswer, DiffVersion, LastCommitDiffAnswer } from '../panelApi';
import { panelFetch } from './panelFetch';
import { useCountryAnswer } from './useCountryAnswer';

/** The groups a product owner reads, each of the diff's kinds in one. */
const GROUPS: Array<{ title: string; kinds: Array<JourneyChange['kind']>; what: string }> = [
  { title: 'Steps', kinds: ['state', 'step'], what: 'states added or removed, a step’s route, screen, progress, back policy, analytics or data' },
  { title: 'Transitions', kinds: ['transition', 'actions'], what: 'a state’s event and where it leads, and what it does on the way' },
  { title: 'Guards', kinds: ['guard'], what: 'the condition that picks a branch' },
  { title: 'Calls', kinds: ['call'], what: 'provider calls and their inputs' },
  { title: 'Fields', kinds: ['data'], what: 'the data the journey declares (meta.context)' },
  { title: 'Messages', kinds: ['message'], what: 'the words a screen shows' },
  { title: 'Sales in progress', kinds: ['inProgress'], what: 'the steps agents may be waiting on that the new version no longer has, and where those sales go when the app is updated (formerStates)' },
];
const CHANGES: Array<{ change: JourneyChange['change']; label: string; color: string }> = [
  { change: 'added', label: 'Added', color: 'green' },
  { change: 'removed', label: 'Removed', color: 'red' },
  { change: 'changed', label: 'Changed', color: 'orange' },
  { change: 'stranded', label: 'Stranded', color: 'grape' },
];

/** The option that opens the text box. */
const PASTED = '(paste or upload a JSON)';

interface Choice {
  file: string;
  text: string;
  name: string;
}

/** A choice as the server takes it, or why it is not one yet. */
function versionOf(choice: Choice): DiffVersion | undefined {
  if (choice.file !== PASTED) return choice.file ? { file: choice.file } : undefined;
  return choice.text.trim() ? { text: choice.text, ...(choice.name ? { name: choice.name } : {}) } : undefined;
}

/** A rename or a move: said on its own, with what it alters. */
const isIntent = (change: JourneyChange) => change.change === 'renamed' || change.change === 'moved';

/** The country's journey against the last commit, then any two versions. */
export function DiffView({ country }: { country: string }) {
  return (
    <Stack p="md" gap="xl" data-panel="diff">
      <LastCommitDiff country={country} />
      <TwoVersions />
    </Stack>
  );
}

/** The chosen country's journey as it is now against the last commit: what `npm run journeys:diff -- <cc>` prints. */
function LastCommitDiff({ country }: { country: string }) {
  const { answer, error } = useCountryAnswer<LastCommitDiffAnswer>('/diff/last-commit', country);
  return (
    <Stack gap="sm" component="section" aria-label="Since the last commit" data-last-commit={country}>
      <Title order={3} size="h4">Since the last commit</Title>
      <Text size="sm" c="dimmed">
        {answer?.before ? `${answer.before} → ${answer.after} as it is now (npm run journeys:diff -- ${country})` : `${country}’s journey against the last git commit (npm run journeys:diff -- ${country})`}
      </Text>
      {error && <Alert color="red" role="alert" style={{ whiteSpace: 'pre-wrap' }}>{error}</Alert>}
      {!answer && !error && <Text size="sm">Comparing…</Text>}
      {answer?.unavailable && <Text size="sm" data-unavailable>{answer.unavailable}</Text>}
      {answer?.diff && 'problems' in answer.diff && (
        <Alert color="red" title="Not a journey" role="alert">
          <Code block>{answer.diff.problems.join('\n')}</Code>
        </Alert>
      )}
      {answer?.diff && 'changes' in answer.diff && <Changes changes={answer.diff.changes} notes={answer.diff.notes} />}
    </Stack>
  );
}

/** Any two versions of a journey, chosen, pasted or uploaded. */
function TwoVersions() {
  const [files, setFiles] = useState<string[]>([]);
  const [before, setBefore] = useState<Choice>({ file: '', text: '', name: '' });
  const [after, setAfter] = useState<Choice>({ file: '', text: '', name: '' });
  const [answer, setAnswer] = useState<DiffAnswer | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [running, setRunning] = useState(false);

  useEffect(() => {
    panelFetch<DiffFilesAnswer>('/diff/files').then(
      ({ files: list }) => {
        setFiles(list);
        // A journey to start from: the first of journeys/ (the product owner picks the other).
        setBefore((b) => (b.file ? b : { ...b, file: list.find((f) => f.startsWith('journeys/')) ?? '' }));
      },
      (e: Error) => setError(e.message),
    );
  }, []);

  const compare = () => {
    const a = versionOf(before);
    const b = versionOf(after);
    if (!a || !b) return;
    setRunning(true);
    setError(undefined);
    panelFetch<DiffAnswer>('/diff', { before: a, after: b })
      .then(setAnswer, (e: Error) => {
        setAnswer(undefined);
        setError(e.message);
      })
      .finally(() => setRunning(false));
  };

  return (
    <Stack gap="md" component="section" aria-label="Compare two versions">
      <Title order={3} size="h4">Compare two versions</Title>
      <Text size="sm" c="dimmed">
        What an edit changes in meaning, not in lines (npm run journeys:diff). A file of tests/fixtures/diff/ is a product owner’s edit of a journey: compared
        with a journey, it is that journey with the edit made.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <VersionPicker label="Before" files={files} choice={before} onChange={setBefore} />
        <VersionPicker label="After" files={files} choice={after} onChange={setAfter} />
      </SimpleGrid>
      <Group>
        <Button onClick={compare} loading={running} disabled={!versionOf(before) || !versionOf(after)}>
          Compare
        </Button>
      </Group>
      {error && <Alert color="red" role="alert" style={{ whiteSpace: 'pre-wrap' }}>{error}</Alert>}
      {answer && 'problems' in answer && (
        <Alert color="red" title="Not a journey" role="alert">
          <Code block>{answer.problems.join('\n')}</Code>
        </Alert>
      )}
      {answer && 'changes' in answer && <Changes changes={answer.changes} notes={answer.notes} />}
    </Stack>
  );
}

function VersionPicker({ label, files, choice, onChange }: { label: string; files: string[]; choice: Choice; onChange: (choice: Choice) => void }) {
  return (
    <Stack gap="xs">
      <NativeSelect
        label={`${label}: a version of a journey`}
        data={[{ value: '', label: '(choose)' }, ...files.map((file) => ({ value: file, label: file })), { value: PASTED, label: PASTED }]}
        value={choice.file}
        onChange={(e) => onChange({ ...choice, file: e.currentTarget.value })}
      />
      {choice.file === PASTED && (
        <>
          <Textarea
            aria-label={`${label}: the journey's JSON`}
            placeholder="Paste a journey file here, or upload one"
            value={choice.text}
            onChange={(e) => onChange({ ...choice, text: e.currentTarget.value, name: choice.name || 'pasted JSON' })}
            autosize
            minRows={6}
            maxRows={16}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          />
          <Group gap="xs">
            <FileButton accept="application/json,.json" onChange={(file) => void file?.text().then((text) => onChange({ ...choice, text, name: file.name }))}>
              {(props) => (
                <Button {...props} size="xs" variant="default">
                  Upload a JSON file
                </Button>
              )}
            </FileButton>
            {choice.name && <Text size="xs" c="dimmed">{choice.name}</Text>}
          </Group>
        </>
      )}
    </Stack>
  );
}

/** The changes by group, each group's added, removed and changed apart. */
function Changes({ changes, notes }: { changes: JourneyChange[]; notes: string[] }) {
  return (
    <Stack gap="sm" aria-label="Changes">
      {notes.map((note) => (
        <Text key={note} size="sm" c="dimmed">{note}</Text>
      ))}
      <Text fw={500} data-change-count={changes.length}>{changes.length === 0 ? 'No change in meaning.' : `${changes.length} change(s) in meaning`}</Text>
      <Intents intents={changes.filter(isIntent)} />
      {GROUPS.map((group) => {
        const mine = changes.filter((c) => group.kinds.includes(c.kind) && !isIntent(c));
        if (mine.length === 0) return null;
        return (
          <Paper key={group.title} withBorder p="sm" component="section" aria-label={group.title} data-group={group.title}>
            <Group gap="xs" mb={4}>
              <Title order={4} size="h5">{group.title}</Title>
              <Badge variant="light" color="gray" tt="none">{mine.length}</Badge>
              <Text size="xs" c="dimmed">{group.what}</Text>
            </Group>
            {CHANGES.map(({ change, label, color }) => {
              const list = mine.filter((c) => c.change === change);
              if (list.length === 0) return null;
              return (
                <Stack key={change} gap={2} mt={4}>
                  <Badge color={color} variant="light" tt="none" w="fit-content">{`${label} (${list.length})`}</Badge>
                  <Stack component="ul" gap={2} style={{ margin: 0, paddingLeft: 16 }}>
                    {list.map((c) => (
                      <Text component="li" key={formatChange(c)} size="sm" ff="monospace" data-change={c.change} style={{ wordBreak: 'break-word' }}>
                        {formatChange(c)}
                      </Text>
                    ))}
                  </Stack>
                </Stack>
              );
            })}
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The renames and moves, each with the lines the command prints under it: transitions retargeted, progress, paths. */
function Intents({ intents }: { intents: JourneyChange[] }) {
  if (intents.length === 0) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-label="Renamed and moved" data-group="Renamed and moved">
      <Group gap="xs" mb={4}>
        <Title order={4} size="h5">Renamed and moved</Title>
        <Badge variant="light" color="gray" tt="none">{intents.length}</Badge>
        <Text size="xs" c="dimmed">a state under another name, a step met at another point of the sale: the progress numbers and paths each changes</Text>
      </Group>
      <Stack component="ul" gap="xs" style={{ margin: 0, paddingLeft: 16 }}>
        {intents.map((c) => (
          <li key={formatChange(c)} data-intent={c.change} data-state={c.state}>
            <Badge color={c.change === 'renamed' ? 'blue' : 'violet'} variant="light" tt="none" mr={6}>{c.change === 'renamed' ? 'Renamed' : 'Moved'}</Badge>
            <Text component="span" size="sm" ff="monospace" data-change={c.change} style={{ wordBreak: 'break-word' }}>
              {formatChange(c)}
            </Text>
            <Stack component="ul" gap={0} style={{ margin: 0, paddingLeft: 16 }}>
              {effectLines(c).map((line) => (
                <Text component="li" key={line} size="xs" ff="monospace" data-effect style={{ wordBreak: 'break-word' }}>
                  {line}
                </Text>
              ))}
            </Stack>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
