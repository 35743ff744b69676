/**
 * The studio's step preview (issue #15 point 4, with answers since issue #37): every step of the
 * country's journey (each state with a route) listed; the one chosen is drawn by
 * StepScreenPreview, the component the diagram's state panel draws too: the app's own step
 * screen under the app's header with the step's progress, filled with sample data made from its
 * schema and the journey's examples, over the journey's data with the seed's answers to its calls
 * (the studio's server asks them of a sandbox of its own), its own calls answered the same way.
 */
import { Alert, Group, Loader, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { StepsAnswer } from '../panelApi';
import { StepScreenPreview } from './StepScreenPreview';
import { useCountryAnswer } from './useCountryAnswer';

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
                description={`${s.step ?? 'no screen'}${s.title ? ` · ${s.title}` : ''}${s.progress ? ` · ${s.progress}` : ''}`}
                onClick={() => setChosen(s.stateId)}
              />
            ))}
          </nav>
        </ScrollArea.Autosize>
      </Stack>
      <Stack gap="sm" style={{ flex: 1 }} miw={0}>
        {step ? <StepScreenPreview country={country} stateId={step.stateId} /> : <Text c="dimmed">Choose a step to see its screen with sample data and the seed's answers.</Text>}
      </Stack>
    </Group>
  );
}
