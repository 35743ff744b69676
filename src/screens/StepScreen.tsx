import { Loader } from '@mantine/core';
import type Form from '@rjsf/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getAt } from '../pack/jsonPointer';
import { SummaryLines } from './JourneyDataView';
import { splitJourneyOptions } from './journeyOptions';
import { Paragraph, ScreenColumn } from './screenChrome';
import { rootOptionsOf } from './screenOptions';
import { ShownJourneyData, shownOf } from './ShownJourneyData';
import { rowButtonOf, StepButtons, useStepButtons } from './StepButtons';
import { useStepChecks } from './stepChecks';
import { lockedFields } from './stepData';
import { StepFields } from './StepFields';
import type { StepFormContext } from './stepFormContext';
import { StepHeader } from './StepHeader';
import { loadAhead, loadedStep, loadStep, type LoadedStep } from './stepLoader';
import { useStepData } from './useStepData';

// The app reads a step's saved data where it shows the step's screen.
export { savedData } from './stepData';

export interface StepScreenProps extends Omit<StepFormContext, 'formData' | 'fieldOptions'> {
  stepName: string;
  /** What the journey kept of this step's data (to show what was typed). */
  saved: Record<string, unknown> | undefined;
  /** What was typed or captured here and not submitted yet (kept across a reload), if any. */
  draft?: Record<string, unknown> | undefined;
  busy: boolean;
  /** The steps that may come next, loaded ahead while this one shows. */
  next?: string[];
  /** Told the `track` name of a link to a page outside the app when the agent opens it (the shell records it). */
  onOpenLink?: ((track: string) => void) | undefined;
}

/** A step's screen once what it needs is loaded (see stepLoader); a spinner until then. */
export function StepScreen(props: StepScreenProps) {
  const [loaded, setLoaded] = useState<LoadedStep | null | undefined>(() => loadedStep(props.stepName));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loaded !== undefined) return;
    let current = true;
    loadStep(props.stepName).then(
      (step) => current && setLoaded(step ?? null),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [loaded, props.stepName]);
  const next = props.next?.join(',');
  useEffect(() => (next ? loadAhead(next.split(',')) : undefined), [next]);
  if (failed) return <Paragraph role="alert">No se pudo cargar la pantalla. Revisa tu conexión e inténtalo de nuevo.</Paragraph>;
  if (loaded === null) return <Paragraph role="alert">{`Pantalla no encontrada: ${props.stepName}`}</Paragraph>;
  if (!loaded) return <Loader size="sm" role="status" aria-label="Cargando pantalla" />;
  return <LoadedStepScreen {...props} loaded={loaded} />;
}

/**
 * One step of the journey, rendered from its step file: its header, what it shows of the
 * journey's data, its form (the step's own widget, or its fields), and its buttons with the
 * events they send. Exported for the component tests, which also show steps that are not a
 * country's.
 */
export function LoadedStepScreen({ loaded, saved, draft, busy, call, journeyData, send, onOpenLink }: StepScreenProps & { loaded: LoadedStep }) {
  const { step, FormWidget } = loaded;
  // rjsf gets the uiSchema without the journey's keys; widgets read those from the form context.
  const { ui, fieldOptions } = useMemo(() => splitJourneyOptions(step.uiSchema ?? {}), [step]);
  const { formData, setFormData, onChange, unlock } = useStepData({ loaded, saved, draft, journeyData, send, fieldOptions });
  const checks = useStepChecks(loaded, formData, fieldOptions);
  const { all: options, screen } = rootOptionsOf(step);
  const shown = shownOf(screen, journeyData, FormWidget !== undefined);
  const rowButton = rowButtonOf(step, screen.rowEvent, shown?.value);
  const form = useRef<Form>(null);
  const buttons = useStepButtons({ step, rowButton, journeyData, busy, send, formData, checks, form });
  const locked = lockedFields(formData);
  const context: StepFormContext = { call, formData, journeyData, send, fieldOptions, unlock };
  return (
    <ScreenColumn onKeyDown={buttons.onKeyDown}>
      <StepHeader step={step} sentTo={screen.sentTo} journeyData={journeyData} someLocked={locked.length > 0} onOpenLink={onOpenLink} />
      <ShownJourneyData shown={shown} options={options} screen={screen} journeyData={journeyData} rowButton={rowButton} busy={busy} send={send} />
      {screen.lines && <SummaryLines lines={screen.lines} read={(pointer) => getAt({ context: journeyData }, pointer)} />}
      {FormWidget && <FormWidget {...context} value={formData} onChange={setFormData} options={options} title={step.title} />}
      <StepFields loaded={loaded} ui={ui} locked={locked} titlesFrom={screen.titlesFrom} context={context} typingErrors={checks.typingErrors} onChange={onChange} onSubmit={buttons.submitUnlessDisabled} form={form} />
      <StepButtons {...buttons} busy={busy} />
    </ScreenColumn>
  );
}
