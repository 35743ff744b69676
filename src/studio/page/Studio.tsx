/**
 * The journey studio's page (`npm run studio`, at /__studio/): a country's journey as a diagram
 * with the checker's problems on it and in a list, updated as the file is saved, and the live
 * app's state; beside it the panels for step previews, paths and diffs (their own files, told
 * the chosen country by props only).
 */
import { Alert, AppShell, Badge, Group, ScrollArea, Select, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { ReactFlowProvider } from '@xyflow/react';
import { useMemo, useState } from 'react';
import { formatProblem, type LocatedProblem } from '../../checker/problem';
import type { InspectSnapshot } from '../../app/inspectChannel';
import { DiffView } from './DiffView';
import { JourneyDiagram } from './JourneyDiagram';
import { PathList } from './PathList';
import { StepPreview } from './StepPreview';
import { diagramModel, liveStates, problemsByState, stateAt } from './diagramModel';
import { useCountries, useStudioJourney } from './useStudioJourney';
import { useLiveApp } from './useLiveApp';
import { DEFAULT_COUNTRY } from '../../pack/defaultCountry';


/** The country in the page's address (`?country=<cc>`), so a reload shows the same journey. */
function initialCountry(): string {
  return new URLSearchParams(window.location.search).get('country') ?? DEFAULT_COUNTRY;
}

export function Studio() {
  const countries = useCountries();
  const [country, setCountry] = useState(initialCountry);
  const [tab, setTab] = useState<string | null>('diagram');
  const journey = useStudioJourney(country);
  const snapshots = useLiveApp();
  const [focus, setFocus] = useState<{ id: string; at: number }>();

  const choose = (next: string | null) => {
    if (!next) return;
    setCountry(next);
    const url = new URL(window.location.href);
    url.searchParams.set('country', next);
    window.history.replaceState(null, '', url);
  };

  const model = useMemo(() => (journey?.config ? diagramModel(journey.config) : undefined), [journey?.config]);
  const problems = useMemo(() => (model && journey ? problemsByState(model.graph, journey.file, journey.problems) : new Map<string, LocatedProblem[]>()), [model, journey]);
  // The live app's state, when it runs this journey.
  const latest = snapshots.find((s) => s.journey === model?.graph.id);
  const live = useMemo(() => (model && latest ? liveStates(model.graph, latest.value) : { current: undefined, around: [] }), [model, latest]);

  const showProblem = (problem: LocatedProblem) => {
    if (!model || problem.file !== journey?.file) return;
    setTab('diagram');
    setFocus({ id: stateAt(model.graph, problem.pointer).id, at: Date.now() });
  };

  return (
    <AppShell header={{ height: 56 }} padding={0}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group>
            <Title order={3}>Journey studio</Title>
            <Select
              aria-label="Journey"
              data={countries?.includes(country) ? countries : [...(countries ?? []), country]}
              value={country}
              onChange={choose}
              allowDeselect={false}
              w={120}
            />
            {journey && (
              <Badge color={journey.problems.length > 0 ? 'red' : 'green'} data-testid="problem-count">
                {journey.problems.length === 0 ? 'no problems' : `${journey.problems.length} problem${journey.problems.length === 1 ? '' : 's'}`}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {latest ? `live app: ${live.current ?? '?'} (${latest.event})` : 'no live app: open the app with ?inspect in this browser'}
          </Text>
        </Group>
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
                    <JourneyDiagram key={model.graph.id} model={model} problems={problems} live={live} focus={focus} />
                  </ReactFlowProvider>
                ) : (
                  <Text p="md">{journey ? 'No journey to draw yet: see the problems.' : countries && !countries.includes(country) ? `No journey ${country}.json in the journeys folder.` : 'Loading…'}</Text>
                )}
              </div>
              <ScrollArea w={380} style={{ borderLeft: '1px solid #dee2e6' }}>
                <Stack p="sm" gap="sm">
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
            <PathList country={country} />
          </Tabs.Panel>
          <Tabs.Panel value="diff" style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
            <DiffView />
          </Tabs.Panel>
        </Tabs>
      </AppShell.Main>
    </AppShell>
  );
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

/** The live app's last events, newest first: the event's type and where it led. */
function LiveEvents({ snapshots }: { snapshots: InspectSnapshot[] }) {
  return (
    <section aria-label="Live app">
      <Title order={5}>Live app</Title>
      {snapshots.length === 0 ? (
        <Text size="sm" c="dimmed">
          Open the app with ?inspect in this browser (npm run studio serves it at /) to see where it is.
        </Text>
      ) : (
        <Stack gap={2} data-testid="live-events">
          {snapshots.map((s, i) => (
            <Text key={`${s.at}-${i}`} size="xs" ff="monospace">
              {new Date(s.at).toLocaleTimeString()} {s.event} → {JSON.stringify(s.value)}
            </Text>
          ))}
        </Stack>
      )}
    </section>
  );
}
