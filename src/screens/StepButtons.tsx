import type Form from '@rjsf/core';
import { useRef, type KeyboardEvent, type RefObject } from 'react';
import { getAt } from '../pack/jsonPointer';
import { present } from '../runtime/guards';
import type { StepFile } from '../pack/stepFile';
import { ButtonRow, ScreenButton } from './screenChrome';
import type { StepChecks } from './stepChecks';
import type { StepFormContext } from './stepFormContext';

/** A button of a step file: its label and the journey event it sends. */
export type StepButton = NonNullable<StepFile['buttons']>[number];

/**
 * The button each row of a listed screen has (the sales report's "Ver detalle" opens that
 * lead): the step's button that sends the event the step file names for its rows
 * (`ui:options.rowEvent`), while the screen shows a list.
 */
export function rowButtonOf(step: StepFile, rowEvent: string | undefined, shown: unknown): StepButton | undefined {
  if (rowEvent === undefined || !Array.isArray(shown)) return undefined;
  return step.buttons?.find((button) => button.event === rowEvent);
}

/**
 * A button with `when` shows only while that value is there ("Cancelar edición" while a lead is
 * edited); one with `unless` only while its value is missing or empty, as the `exists` guard
 * judges it: "Reintentar" while the list a choice needs failed to load, which is exactly while the
 * journey refuses the choice (guarded by `exists` on the same list).
 */
function shownNow(button: StepButton, journeyData: Record<string, unknown>): boolean {
  if (button.unless !== undefined && present(getAt({ context: journeyData }, button.unless))) return false;
  if (button.when === undefined) return true;
  const value = getAt({ context: journeyData }, button.when);
  return value !== undefined && value !== null && value !== '';
}

interface ButtonsInput extends Pick<StepFormContext, 'journeyData' | 'send' | 'formData'> {
  step: StepFile;
  /** The button drawn on each row instead (see rowButtonOf). */
  rowButton: StepButton | undefined;
  busy: boolean;
  checks: StepChecks;
  /** The step's form, when it has fields: it checks them and shows their errors. */
  form: RefObject<Form | null>;
}

/**
 * What a step's buttons do: the event each sends (a validating one once the form passes, with
 * the form's data), when each is disabled, and Enter in a field pressing the main one.
 */
export function useStepButtons({ step, rowButton, journeyData, busy, send, formData, checks, form }: ButtonsInput) {
  // The event a validating button sends once the form passes (a report's cancel form sends
  // `lead.cancel` with its fields, not `step.submit`).
  const submitting = useRef('step.submit');
  const submit = () => send({ type: submitting.current, data: formData });
  const disabled = (button: StepButton) => busy || (button.validate === true && checks.missingRequired);
  const press = (button: StepButton) => {
    submitting.current = button.event;
    // Checked by the form (its errors shown at their fields), then sent at once: rjsf's own submit
    // goes through the browser's form submission and draws the whole form again before it reports.
    if (button.validate && form.current) {
      // Data the schema passes, with nothing to warn of and no error showing, goes at once: the
      // form's own check (its schema resolved again, its errors built) was a fifth of the click.
      const clean = checks.passes && form.current.state.errors.length === 0;
      if (clean || form.current.validateForm()) submit();
    } else if (button.event === 'step.submit') submit();
    else send({ type: button.event });
  };
  // Enter in a field presses the screen's main button, as a form's submit would (a PIN, a code).
  const primary = (step.buttons ?? []).find((button) => button.primary && button !== rowButton);
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target;
    // Not `defaultPrevented`: a numeric PIN box refuses every key but digits, Enter included.
    if (event.key !== 'Enter' || !primary || !(target instanceof HTMLInputElement)) return;
    // A select or a date field opens its list on Enter: that is the agent's choice, not a submit.
    if (target.getAttribute('aria-haspopup') || target.readOnly) return;
    event.preventDefault();
    if (!disabled(primary)) press(primary);
  };
  // The form's own submit (Enter in a select's box, which the screen leaves to the select, submits
  // it as a browser does) sends as the main button would, and nothing while that button is disabled.
  const submitUnlessDisabled = () => {
    if (!primary || !disabled(primary)) submit();
  };
  const shown = (step.buttons ?? []).filter((button) => button !== rowButton && shownNow(button, journeyData));
  return { shown, disabled, press, onKeyDown, submitUnlessDisabled };
}

/** The row of a step's buttons under its form; the main one spins while the journey works. */
export function StepButtons({ shown, busy, disabled, press }: Pick<ReturnType<typeof useStepButtons>, 'shown' | 'disabled' | 'press'> & { busy: boolean }) {
  return (
    <ButtonRow>
      {shown.map((button, i) => (
        <ScreenButton
          // Two buttons may share their words and event ("Reintentar" the dates, or the slots).
          key={`${i}-${button.event}-${button.label}`}
          primary={button.primary === true}
          loading={busy && button.primary === true}
          disabled={disabled(button)}
          onClick={() => press(button)}
        >
          {button.label}
        </ScreenButton>
      ))}
    </ButtonRow>
  );
}
