/**
 * The studio's step preview (issue #15 point 4): every step of the country's journey (each state
 * with a route) listed; the one chosen is drawn as the app draws it, by the app's own step screen
 * (src/screens/StepScreen.tsx's LoadedStepScreen: the same rjsf theme, widgets, uiSchema and
 * validators), filled with sample data made from its schema and the journey's examples
 * (panels/sampleData.ts, computed by the studio's server). No journey runs: the screen reads the
 * sample journey data, its provider calls answer that there is no provider in a preview, and what
 * its buttons would send is listed under it instead of moving anything.
 */
import { Alert, Badge, Code, Group, Loader, MantineProvider, NavLink, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { CallOutcome } from '../../api/apiError';
import { cssVariablesResolver, theme } from '../../app/theme';
import { LoadedStepScreen } from '../../screens/StepScreen';
import type { LoadedStep } from '../../screens/stepLoader';
import { PanelBoundary } from './PanelBoundary';
import type { StepsAnswer } from '../panelApi';
import { useCountryAnswer } from './useCountryAnswer';
import { builtFor, loadPreviewStep } from './previewLoader';
import type { StepSample } from '../sampleData';

/** A provider call from a previewed screen: there is no provider (nor session) in a preview. */
const noProvider = (operationId: string): Promise<CallOutcome<unknown>> =>
  Promise.resolve({ ok: false, error: { kind: 'network', status: 0, operationId, message: 'Vista previa: sin proveedor' } } as CallOutcome<unknown>);

export function StepPreview({ country }: { country: string }) {
  // The journey's steps with their samples, asked again when the journey file is saved.
  const { answer, error } = useCountryAnswer<StepsAnswer>('/steps', country);
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<string | undefined>();
  const steps = useMemo(() => {
    const words = filter.trim().toLowerCase();
    return (answer?.steps ?? []).filter((s) => !words || [s.stateId, s.route, s.step ?? '', s.title ?? ''].some((t) => t.toLowerCase().includes(words)));
  }, [answer, filter]);
  const step = answer?.steps.find((s) => s.stateId === chosen);

  if (error) return <Alert color="red" title="Steps" role="alert">{error}</Alert>;
  if (!answer) return <Loader size="sm" aria-label="Loading the steps" />;
  return (
    <Group align="flex-start" wrap="nowrap" gap="md" p="md" data-panel="step-preview">
      <Stack gap="xs" w={300} miw={260}>
        <TextInput label="Steps" placeholder="Filter by route, screen or state" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
        <Text size="xs" c="dimmed">{`${answer.steps.length} steps in ${country}'s journey`}</Text>
        <ScrollArea.Autosize mah={620}>
          <nav aria-label="Steps of the journey">
            {steps.map((s) => (
              <NavLink
                key={s.stateId}
                component="button"
                data-step-state={s.stateId}
                active={s.stateId === chosen}
                label={s.route}
                description={`${s.step ?? 'no screen'}${s.title ? ` · ${s.title}` : ''}`}
                onClick={() => setChosen(s.stateId)}
              />
            ))}
          </nav>
        </ScrollArea.Autosize>
      </Stack>
      <Stack gap="sm" style={{ flex: 1 }} miw={0}>
        {step ? <Preview key={`${country}:${step.stateId}`} country={country} step={step} journeyData={answer.journeyData} /> : <Text c="dimmed">Choose a step to see its screen with sample data.</Text>}
      </Stack>
    </Group>
  );
}

/** One step's screen in a phone-wide frame, with the data it was filled with and what it would send. */
function Preview({ country, step, journeyData }: { country: string; step: StepSample; journeyData: Record<string, unknown> }) {
  const [loaded, setLoaded] = useState<LoadedStep | null | undefined>();
  const [failed, setFailed] = useState<string | undefined>();
  const [sent, setSent] = useState<Array<{ type: string } & Record<string, unknown>>>([]);
  useEffect(() => {
    if (!step.step) return;
    let current = true;
    loadPreviewStep(country, step.step).then(
      (l) => current && setLoaded(l ?? null),
      (e: Error) => current && setFailed(e.message),
    );
    return () => {
      current = false;
    };
  }, [country, step.step]);
  // What the screen sends (a button, a field that sends an event) is shown, not acted on; its
  // draft (kept by a running journey every moment) is not worth listing.
  const send = (event: { type: string } & Record<string, unknown>) => {
    if (event.type !== 'step.draft') setSent((list) => [event, ...list].slice(0, 5));
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Title order={3} size="h4">{step.route}</Title>
        {step.step && <Badge variant="light" tt="none">{step.step}</Badge>}
        {step.progress && <Badge variant="outline" tt="none">{`progress ${step.progress}`}</Badge>}
        {step.data && <Badge variant="outline" color="gray" tt="none">{`data ${step.data}`}</Badge>}
      </Group>
      <Text size="xs" c="dimmed">{step.stateId}</Text>
      {country !== builtFor && (
        <Text size="sm" c="dimmed">{`The studio's app is built for ${builtFor.toUpperCase()}: this screen is ${country.toUpperCase()}'s, its phone masks, currency and map follow ${builtFor.toUpperCase()} (COUNTRY=${country} npm run studio shows them as ${country.toUpperCase()}'s).`}</Text>
      )}
      <Paper withBorder p="md" w={390} maw="100%" data-preview-step={step.step ?? ''} aria-label={`Preview of ${step.route}`} role="region">
        {!step.step && <Text>This state has a route but no screen (`meta.step`).</Text>}
        {failed && <Alert color="red" role="alert">{`The screen could not load: ${failed}`}</Alert>}
        {step.step && loaded === null && <Alert color="red" role="alert">{`No step file ${step.step}.json for ${country}.`}</Alert>}
        {step.step && loaded === undefined && !failed && <Loader size="sm" aria-label="Loading the screen" />}
        {loaded && (
          // The app's theme (its colours, 44 px tap targets), for the screen only: the studio
          // around it keeps Mantine's default look, and the theme's variables stay in this frame.
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} cssVariablesSelector="[data-app-theme]" withGlobalClasses={false}>
            <div data-app-theme="">
              <PanelBoundary what="The screen">
                <LoadedStepScreen stepName={loaded.step.step} loaded={loaded} saved={step.sample} busy={false} call={noProvider as never} journeyData={journeyData} send={send} />
              </PanelBoundary>
            </div>
          </MantineProvider>
        )}
      </Paper>
      {sent.length > 0 && (
        <Stack gap={4} aria-label="What the screen would send">
          <Text size="sm" fw={500}>The screen would send (nothing moves in a preview):</Text>
          {sent.map((event, i) => (
            <Code key={i} block>{JSON.stringify(event)}</Code>
          ))}
        </Stack>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500}>Sample data</Text>
        <Code block>{JSON.stringify(step.sample ?? null, null, 2)}</Code>
      </Stack>
    </Stack>
  );
}
