/**
 * A state's step screen as the agent sees it (issue #37, previews with answers): the app's own
 * step screen (src/screens/StepScreen.tsx's LoadedStepScreen) under the app's header (its name
 * and the step's progress `n/N`), filled with sample data, over the journey's data with the
 * provider's answers in it, and its own calls (a map's coverage areas, a select's options)
 * answered by the studio's sandbox over the seed. No journey runs: what its buttons would send is
 * listed under it instead of moving anything. Loads what it needs itself, so the diagram's state
 * panel and the Step preview tab draw it alike.
 */
import { Alert, Badge, Box, Code, Group, Loader, MantineProvider, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { cssVariablesResolver, theme } from '../../app/theme';
import { LoadedStepScreen } from '../../screens/StepScreen';
import type { LoadedStep } from '../../screens/stepLoader';
import type { PreviewAnswer, StepsAnswer } from '../panelApi';
import type { StepSample } from '../sampleData';
import { PanelBoundary } from './PanelBoundary';
import { previewCall, type ScreenCall } from './previewCall';
import { builtFor, loadPreviewStep } from './previewLoader';
import { useCountryAnswer } from './useCountryAnswer';

/** The step a state shows: its own, else that of the nearest state around it with a route (a call's state inside a step). */
export function stepOfState(steps: StepSample[], stateId: string): StepSample | undefined {
  const around = steps.filter((s) => stateId === s.stateId || stateId.startsWith(`${s.stateId}.`));
  return around.sort((a, b) => b.stateId.length - a.stateId.length)[0];
}

/**
 * A state's step screen with answers, progress and the app's header; or what the state shows
 * instead (no screen: a state that only decides or calls).
 *
 * @example
 * <StepScreenPreview country="sv" stateId="sv.signedIn.sale.menu" />
 */
export function StepScreenPreview({ country, stateId }: { country: string; stateId: string }) {
  const { answer, error } = useCountryAnswer<StepsAnswer>('/steps', country);
  if (error) return <Alert color="red" title="Step preview" role="alert">{error}</Alert>;
  if (!answer) return <Loader size="sm" aria-label="Loading the step's screen" />;
  const step = stepOfState(answer.steps, stateId);
  if (!step) return <Text c="dimmed" data-preview-none="">{`${stateId} shows no screen: no state around it has a route (meta.route).`}</Text>;
  return <ScreenPreview key={`${country}:${step.stateId}`} country={country} step={step} answer={answer} />;
}

/** The app's header around a step, as src/app/AppLayout.tsx draws it: the app's name, and the step's progress. */
function PreviewHeader({ title, progress }: { title: string | undefined; progress: string | undefined }) {
  return (
    <Group h={56} px="md" justify="space-between" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} data-preview-header="">
      <Text fw={700}>{title ?? ''}</Text>
      {progress && <Text aria-label="Progreso">{progress}</Text>}
    </Group>
  );
}

/** The journey's calls made in a step's states, each said answered by the seed or not (its example kept then). */
function JourneyAnswers({ answers }: { answers: PreviewAnswer[] }) {
  if (answers.length === 0) return null;
  return (
    <Stack gap={2} aria-label="The journey's calls in this step">
      <Text size="sm" fw={500}>The journey's calls in this step (asked of the studio's sandbox, over the seed):</Text>
      {answers.map((a, i) => (
        <Text key={i} size="xs" c={a.ok ? undefined : 'dimmed'}>{`${a.operationId}: ${a.ok ? "the seed's answer" : `no answer (${a.message ?? 'failed'}), the journey's example`}`}</Text>
      ))}
    </Stack>
  );
}

/** The screen's own calls as they were answered. */
function ScreenCalls({ calls }: { calls: ScreenCall[] }) {
  if (calls.length === 0) return null;
  return (
    <Stack gap={2} aria-label="The screen's calls">
      <Text size="sm" fw={500}>The screen's calls (answered by the studio's sandbox, over the seed):</Text>
      {calls.map((c, i) => (
        <Text key={i} size="xs" c={c.ok ? undefined : 'red'}>{`${c.operationId}: ${c.summary}`}</Text>
      ))}
    </Stack>
  );
}

/** The step's route, screen, progress and data place, and its state's id. */
function StepTitle({ step }: { step: StepSample }) {
  return (
    <>
      <Group gap="xs">
        <Title order={3} size="h4">{step.route}</Title>
        {step.step && <Badge variant="light" tt="none">{step.step}</Badge>}
        <Badge variant="outline" tt="none" color={step.progress ? undefined : 'gray'}>{step.progress ? `progress ${step.progress}` : 'no progress shown'}</Badge>
        {step.data && <Badge variant="outline" color="gray" tt="none">{`data ${step.data}`}</Badge>}
      </Group>
      <Text size="xs" c="dimmed">{step.stateId}</Text>
    </>
  );
}

/** A step's screen file, loaded as the app loads it; undefined while loading, null when the country has none. */
function useLoadedStep(country: string, name: string | undefined) {
  const [loaded, setLoaded] = useState<LoadedStep | null | undefined>();
  const [failed, setFailed] = useState<string | undefined>();
  useEffect(() => {
    if (!name) return;
    let current = true;
    loadPreviewStep(country, name).then(
      (l) => current && setLoaded(l ?? null),
      (e: Error) => current && setFailed(e.message),
    );
    return () => {
      current = false;
    };
  }, [country, name]);
  return { loaded, failed };
}

/** One step's screen in a phone-wide frame under the app's header, with its data, its calls and what it would send. */
function ScreenPreview({ country, step, answer }: { country: string; step: StepSample; answer: StepsAnswer }) {
  const { loaded, failed } = useLoadedStep(country, step.step);
  const [sent, setSent] = useState<Array<{ type: string } & Record<string, unknown>>>([]);
  const [calls, setCalls] = useState<ScreenCall[]>([]);
  // A call made again with the same answer (React's development mode runs effects twice) is listed once.
  const call = useMemo(() => previewCall(country, (made) => setCalls((list) => (list.some((c) => c.operationId === made.operationId && c.summary === made.summary) ? list : [...list, made]))), [country]);
  // What the screen sends (a button, a field that sends an event) is shown, not acted on; its
  // draft (kept by a running journey every moment) is not worth listing.
  const send = (event: { type: string } & Record<string, unknown>) => {
    if (event.type !== 'step.draft') setSent((list) => [event, ...list].slice(0, 5));
  };
  const journeyCalls = answer.answers.filter((a) => a.stateId === step.stateId || a.stateId.startsWith(`${step.stateId}.`));

  return (
    <Stack gap="sm" data-step-preview={step.stateId}>
      <StepTitle step={step} />
      {country !== builtFor && (
        <Text size="sm" c="dimmed">{`The studio's app is built for ${builtFor.toUpperCase()}: this screen is ${country.toUpperCase()}'s, its phone masks, currency and map follow ${builtFor.toUpperCase()} (COUNTRY=${country} npm run studio shows them as ${country.toUpperCase()}'s).`}</Text>
      )}
      <Paper withBorder p={0} w={390} maw="100%" data-preview-step={step.step ?? ''} aria-label={`Preview of ${step.route}`} role="region" style={{ overflow: 'hidden' }}>
        {/* The app's theme (its colours, 44 px tap targets), for the frame only: the studio
            around it keeps Mantine's default look, and the theme's variables stay in this frame. */}
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} cssVariablesSelector="[data-app-theme]" withGlobalClasses={false}>
          <div data-app-theme="">
            <PreviewHeader title={answer.appTitle} progress={step.progress} />
            <Box p="md">
              {!step.step && <Text>This state has a route but no screen (`meta.step`).</Text>}
              {failed && <Alert color="red" role="alert">{`The screen could not load: ${failed}`}</Alert>}
              {step.step && loaded === null && <Alert color="red" role="alert">{`No step file ${step.step}.json for ${country}.`}</Alert>}
              {step.step && loaded === undefined && !failed && <Loader size="sm" aria-label="Loading the screen" />}
              {loaded && (
                <PanelBoundary what="The screen">
                  <LoadedStepScreen stepName={loaded.step.step} loaded={loaded} saved={step.sample} busy={false} call={call} journeyData={answer.journeyData} send={send} />
                </PanelBoundary>
              )}
            </Box>
          </div>
        </MantineProvider>
      </Paper>
      <ScreenCalls calls={calls} />
      <JourneyAnswers answers={journeyCalls} />
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
