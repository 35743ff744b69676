import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { isRow } from '../pack/referenceChoices';
import { withCopies } from './checkboxCopies';
import type { FieldOptions } from './journeyOptions';
import type { StepFormContext } from './stepFormContext';
import type { LoadedStep } from './stepLoader';
import { openingData, unlocked, withJourneyValues, withoutRefusedConsents } from './stepData';

/** How long after the last change a step's draft is handed to the journey. */
const DRAFT_DELAY_MS = 400;

type Data = Record<string, unknown>;

interface StepDataInput extends Pick<StepFormContext, 'journeyData' | 'send'> {
  loaded: LoadedStep;
  saved: Data | undefined;
  draft: Data | undefined;
  fieldOptions: FieldOptions;
}

/**
 * The data on a step's screen: what it opens with, each change (with the journey events a
 * field's change sends), the fields the journey's data fills in, and the draft the journey keeps.
 */
export function useStepData({ loaded, saved, draft, journeyData, send, fieldOptions }: StepDataInput) {
  const { step, validator, form } = loaded;
  // What the screen opens with: the journey's values, then the schema's defaults as the form
  // would fill them in (so it has nothing to report as it opens, and the screen draws once).
  const [opening] = useState(() => {
    const kept = openingData(step, saved, draft, journeyData);
    return { kept, shown: form && validator && step.schema ? form.withDefaults(validator, step.schema, kept) : kept };
  });
  const [formData, setFormData] = useState<Data>(opening.shown);
  useDraft(formData, send);
  // The data as last changed, for onChange (see there); it follows every other change too.
  const latest = useRef(formData);
  useEffect(() => {
    latest.current = formData;
  }, [formData]);
  // Fields shown from the journey's data (`ui:options.from`) follow it: the activation cost
  // after a change of months; read-only ones always, the others while still empty.
  useEffect(() => setFormData((current) => withJourneyValues(step, current, journeyData)), [step, journeyData]);

  /** A field whose change sends a journey event (`ui:options.sends`): months, the visit date. */
  const sendChanges = (before: Data, next: Data) => {
    for (const [field, { sends }] of Object.entries(fieldOptions)) {
      if (!isRow(sends) || typeof sends.event !== 'string' || sends.event === '') continue;
      if (next[field] !== undefined && next[field] !== before[field]) send({ type: sends.event, [typeof sends.as === 'string' ? sends.as : field]: next[field] });
    }
  };
  // A default the screen opened with is a change the journey hears of, as one typed (the
  // contract's months asking their cost), once.
  const sendOpening = useEffectEvent(() => sendChanges(opening.kept, opening.shown));
  const openingSent = useRef(false);
  useEffect(() => {
    if (openingSent.current) return; // StrictMode runs a mount's effects twice
    openingSent.current = true;
    sendOpening();
  }, []);

  const onChange = (changed: Data) => {
    // Compared with the latest data, not this render's: rjsf may report twice before React draws
    // again, and an event must go once (a box's copies made once).
    const before = latest.current;
    const next = withCopies(step, fieldOptions, before, withoutRefusedConsents(step, changed), journeyData);
    latest.current = next;
    sendChanges(before, next);
    setFormData(next);
  };
  const unlock = (field: string) => setFormData((current) => unlocked(current, field));
  return { formData, setFormData, onChange, unlock };
}

/**
 * The journey keeps what is on the screen as the step's draft (a photo uploaded, a name typed),
 * a moment after the last change, so a reload or a killed tab does not lose it; not the data
 * the screen opened with.
 */
function useDraft(formData: Data, send: StepFormContext['send']) {
  const saveDraft = useEffectEvent((data: Data) => send({ type: 'step.draft', data }));
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const handle = setTimeout(() => saveDraft(formData), DRAFT_DELAY_MS);
    return () => clearTimeout(handle);
  }, [formData]);
}
