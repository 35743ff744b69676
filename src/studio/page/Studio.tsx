/**
 * The journey studio's page (`npm run studio`, at /__studio/): a country's journey as a diagram
 * with the checker's problems on it and in a list, updated as the file is saved, and the live
 * app's state; beside it the panels for step previews, paths and diffs (their own files, told
 * the chosen country by props only).
 */
import { Alert, AppShell, Button, Group, ScrollArea, Stack, Switch, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { ReactFlowProvider } from '@xyflow/react';
import { useMemo, useState } from 'react';
import { formatProblem, type LocatedProblem } from '../../checker/problem';
import type { InspectSnapshot } from '../../app/inspectChannel';
import { DiffView } from './DiffView';
import { JourneyDiagram } from './JourneyDiagram';
import { PathList } from './PathList';
import { StepPreview } from './StepPreview';
import { diagramModel, liveStates, problemsByState, stateAt, type DiagramModel } from './diagramModel';
import { eventName, liveLines } from './liveEventNames';
import { StatePanel } from './StatePanel';
import { StudioHeader } from './StudioHeader';
import { StepScreenPreview } from './StepScreenPreview';
import { useCountries, useStudioJourney } from './useStudioJourney';
import { useLiveApp } from './useLiveApp';
import { useDiffMarks } from './useDiffMarks';
import { DEFAULT_COUNTRY } from '../../pack/defaultCountry';


/** The country in the page's address (`?country=<cc>`), so a reload shows the same journey. */
function initialCountry(): string {
  return new URLSearchParams(window.location.search).get('country') ?? DEFAULT_COUNTRY;
}

/** The side panel's width: room for a phone-wide screen preview. */
const SIDE_WIDTH = 400;

/** The state named in the page's address (`?state=<id>`): a link opens the studio at that state's panel. */
function initialState(): string | undefined {
  return new URLSearchParams(window.location.search).get('state') ?? undefined;
}

/** Sets (or removes) one of the page's address parameters, so that a reload shows the same. */
function remember(name: string, value: string | undefined) {
  const url = new URL(window.location.href);
  if (value === undefined) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  window.history.replaceState(null, '', url);
}

/** The states whose name, route or screen holds every word searched. */
function searchStates(model: DiagramModel | undefined, words: string): Set<string> {
  const wanted = words.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!model || wanted.length === 0) return new Set();
  return new Set(model.states.filter((s) => wanted.every((w) => [s.key, s.route ?? '', s.step ?? ''].some((t) => t.toLowerCase().includes(w)))).map((s) => s.id));
}

export function Studio() {
  const countries = useCountries();
  const [country, setCountry] = useState(initialCountry);
  const [tab, setTab] = useState<string | null>('diagram');
  const journey = useStudioJourney(country);
  const snapshots = useLiveApp();
  const [focus, setFocus] = useState<{ ids: string[]; at: number }>();
  const [chosen, setChosen] = useState(initialState);
  const [search, setSearch] = useState('');
  const [follow, setFollow] = useState(true);
  const [wholeAt, setWholeAt] = useState<number>();
  const [path, setPath] = useState<{ ids: ReadonlySet<string>; left?: string | undefined }>();
  const [marking, setMarking] = useState(false);
  const [changed, setChanged] = useState<ReadonlySet<string>>();

  const choose = (next: string | null) => {
    if (!next) return;
    setCountry(next);
    setChosen(undefined);
    setPath(undefined);
    remember('country', next);
    remember('state', undefined);
  };
  const chooseState = (id: string | undefined, reveal = false) => {
    setChosen(id);
    remember('state', id);
    if (id && reveal) setFocus({ ids: [id], at: Date.now() });
  };

  const model = useMemo(() => (journey?.config ? diagramModel(journey.config) : undefined), [journey?.config]);
  const problems = useMemo(() => (model && journey ? problemsByState(model.graph, journey.file, journey.problems) : new Map<string, LocatedProblem[]>()), [model, journey]);
  const matches = useMemo(() => searchStates(model, search), [model, search]);
  // The live app's state, when it runs this journey.
  const latest = snapshots.find((s) => s.journey === model?.graph.id);
  const live = useMemo(() => (model && latest ? liveStates(model.graph, latest.value) : { current: undefined, around: [] }), [model, latest]);

  // A problem leads to its state's panel: a journey file's by its pointer, a step file's to the state showing that step.
  const showProblem = (problem: LocatedProblem) => {
    if (!model || !journey) return;
    const step = /([^/\\]+)\.json$/.exec(problem.file)?.[1];
    const id = problem.file === journey.file ? stateAt(model.graph, problem.pointer).id : model.states.find((s) => s.step === step)?.id;
    if (!id) return;
    setTab('diagram');
    chooseState(id, true);
  };
  const showPath = (states: string[], left?: string) => {
    setTab('diagram');
    setPath({ ids: new Set(states), left });
    if (left) chooseState(left);
    setFocus({ ids: left ? [left] : states, at: Date.now() });
  };

  return (
    <AppShell header={{ height: 56 }} padding={0}>
      <AppShell.Header>
        <StudioHeader
          countries={countries}
          country={country}
          onCountry={choose}
          journey={journey}
          search={search}
          onSearch={setSearch}
          found={matches.size}
          onFind={() => {
            setTab('diagram');
            setFocus({ ids: [...matches], at: Date.now() });
          }}
          onWhole={() => setWholeAt(Date.now())}
          follow={follow}
          onFollow={setFollow}
          live={latest ? `live app: ${live.current ?? '?'} (${eventName(latest.event)})` : 'no live app: open the app with ?inspect in this browser'}
        />
      </AppShell.Header>
      <AppShell.Main style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
        {/* The tabs: the diagram is this file's; the other three are panels written on their own. */}
        <Tabs value={tab} onChange={setTab} keepMounted={false} style={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
          <Tabs.List>
            <Tabs.Tab value="diagram">Diagram</Tabs.Tab>
            <Tabs.Tab value="steps">Step preview</Tabs.Tab>
            <Tabs.Tab value="paths">Paths</Tabs.Tab>
            <Tabs.Tab value="diff">Diff</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="diagram" style={{ flex: 1, minHeight: 0 }}>
            <div style={{ display: 'flex', height: '100%' }}>
              <div style={{ flex: 1, minWidth: 0 }} data-testid="diagram">
                {model ? (
                  <ReactFlowProvider>
                    <JourneyDiagram
                      key={model.graph.id}
                      model={model}
                      problems={problems}
                      live={live}
                      focus={focus}
                      chosen={chosen}
                      onChoose={(id) => chooseState(id)}
                      matches={matches}
                      path={path}
                      follow={follow}
                      wholeAt={wholeAt}
                      changed={changed}
                    />
                  </ReactFlowProvider>
                ) : (
                  <Text p="md">{journey ? 'No journey to draw yet: see the problems.' : countries && !countries.includes(country) ? `No journey ${country}.json in the journeys folder.` : 'Loading…'}</Text>
                )}
              </div>
              <ScrollArea w={SIDE_WIDTH} style={{ borderLeft: '1px solid #dee2e6', flex: 'none' }}>
                <Stack p="sm" gap="sm">
                  {model && journey && chosen && model.states.some((s) => s.id === chosen) && (
                    <StatePanel model={model} stateId={chosen} country={country} file={journey.file} lines={journey.stateLines} onChoose={(id) => chooseState(id, true)} onClose={() => chooseState(undefined)} preview={<StepScreenPreview country={country} stateId={chosen} />} />
                  )}
                  <Switch label="Mark the changes since the last commit" checked={marking} onChange={(e) => setMarking(e.currentTarget.checked)} />
                  {marking && <DiffMarks key={country} country={country} onMarks={setChanged} />}
                  {path && (
                    <Group justify="space-between" data-testid="path-shown">
                      <Text size="sm">{`A path's ${path.ids.size} states are outlined in blue${path.left ? '; red where the replay left it' : ''}.`}</Text>
                      <Button size="xs" variant="subtle" onClick={() => setPath(undefined)}>Clear</Button>
                    </Group>
                  )}
                  {journey?.stale && (
                    <Alert color="red" title="Not a journey at the moment" data-testid="stale">
                      The file does not read as a journey (first problem below); the diagram is the last one that did.
                    </Alert>
                  )}
                  <ProblemList problems={journey?.problems ?? []} onChoose={showProblem} />
                  <LiveEvents snapshots={snapshots} />
                </Stack>
              </ScrollArea>
            </div>
          </Tabs.Panel>
          <Tabs.Panel value="steps" style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
            <StepPreview country={country} />
          </Tabs.Panel>
          <Tabs.Panel value="paths" style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
            <PathList country={country} onShowOnDiagram={showPath} />
          </Tabs.Panel>
          <Tabs.Panel value="diff" style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
            <DiffView country={country} />
          </Tabs.Panel>
        </Tabs>
      </AppShell.Main>
    </AppShell>
  );
}

/** The diff's marks on the diagram, while they are asked for; says why there are none. */
function DiffMarks({ country, onMarks }: { country: string; onMarks: (ids: ReadonlySet<string> | undefined) => void }) {
  const unavailable = useDiffMarks(country, onMarks);
  return unavailable ? (
    <Text size="xs" c="dimmed">
      {unavailable}
    </Text>
  ) : null;
}

/** Every problem as journeys:check prints it; choosing one brings its state into view. */
function ProblemList({ problems, onChoose }: { problems: LocatedProblem[]; onChoose: (problem: LocatedProblem) => void }) {
  return (
    <section aria-label="Problems">
      <Title order={5}>Problems</Title>
      {problems.length === 0 ? (
        <Text size="sm" c="dimmed">
          None: the journey checks as sound.
        </Text>
      ) : (
        <Stack gap={4} data-testid="problems">
          {problems.map((problem, i) => (
            <UnstyledButton key={i} data-problem={problem.pointer} onClick={() => onChoose(problem)} style={{ fontSize: 12, color: '#c92a2a', fontFamily: 'monospace', wordBreak: 'break-word' }}>
              {formatProblem(problem)}
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </section>
  );
}

/** The live app's last events, newest first: the event as the journey file names it, and where it led. */
function LiveEvents({ snapshots }: { snapshots: InspectSnapshot[] }) {
  const lines = liveLines(snapshots);
  return (
    <section aria-label="Live app">
      <Title order={5}>Live app</Title>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Open the app with ?inspect in this browser (npm run studio serves it at /) to see where it is.
        </Text>
      ) : (
        <Stack gap={2} data-testid="live-events">
          {lines.map((line, i) => (
            <Text key={`${line.at}-${i}`} size="xs" ff="monospace">
              {`${new Date(line.at).toLocaleTimeString()} ${line.event}${line.times > 1 ? ` ×${line.times}` : ''} → ${line.state}`}
            </Text>
          ))}
        </Stack>
      )}
    </section>
  );
}
