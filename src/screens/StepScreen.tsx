import { Loader } from '@mantine/core';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatMessages } from 'virtual:country/formats';
import { getAt } from '../pack/jsonPointer';
import type { StepFile } from '../pack/stepFile';
import { errorMessage } from '../validation/errorMessage';
import type { StepFormContext } from './stepFormContext';
import { JourneyDataView, SummaryLines, type SummaryLine } from './JourneyDataView';
import { listPage, type PagesOption } from './listPage';
import { PageButtons } from './PageButtons';
import { providerTitles, type TitlesFrom } from './providerTitles';
import { ButtonRow, Paragraph, ScreenButton, ScreenColumn, ScreenHeading } from './screenChrome';
import { splitJourneyOptions } from './journeyOptions';
import { DEFAULT_FORM_STATE } from './rjsf/defaultFormState';
import { ReadOnlyValueWidget } from './widgets/ReadOnlyValueWidget';
import { loadAhead, loadedStep, loadStep, type LoadedStep } from './stepLoader';

export interface StepScreenProps extends Omit<StepFormContext, 'formData' | 'fieldOptions'> {
  stepName: string;
  /** What the journey kept of this step's data (to show what was typed). */
  saved: Record<string, unknown> | undefined;
  /** What was typed or captured here and not submitted yet (kept across a reload), if any. */
  draft?: Record<string, unknown> | undefined;
  busy: boolean;
  /** The steps that may come next, loaded ahead while this one shows. */
  next?: string[];
}

/** An invalid submit: its errors are on the screen already, at their fields. */
const shownAtFields = () => undefined;

/** How long after the last change a step's draft is handed to the journey. */
const DRAFT_DELAY_MS = 400;

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
  }, [props.stepName]); // eslint-disable-line react-hooks/exhaustive-deps -- a step is loaded once per name
  const next = props.next?.join(',');
  useEffect(() => (next ? loadAhead(next.split(',')) : undefined), [next]);
  if (failed) return <Paragraph role="alert">No se pudo cargar la pantalla. Revisa tu conexión e inténtalo de nuevo.</Paragraph>;
  if (loaded === null) return <Paragraph role="alert">{`Pantalla no encontrada: ${props.stepName}`}</Paragraph>;
  if (!loaded) return <Loader size="sm" role="status" aria-label="Cargando pantalla" />;
  return <LoadedStepScreen {...props} loaded={loaded} />;
}

/**
 * One step of the journey, rendered from its step file: heading, text, the form (rjsf with the
 * Mantine theme and the precompiled validator), and the buttons with the events they send.
 * Exported for the component tests, which also show steps that are not a country's.
 */
export function LoadedStepScreen({ loaded, saved, draft, busy, call, journeyData, send }: StepScreenProps & { loaded: LoadedStep }) {
  const { step, validator, form: rjsf, FormWidget, typing } = loaded;
  // What the screen opens with: the journey's values, then the schema's defaults as the form
  // would fill them in (so it has nothing to report as it opens, and the screen draws once).
  const [opening] = useState(() => {
    const kept = openingData(step, saved, draft, journeyData);
    return { kept, shown: rjsf && validator && step.schema ? rjsf.withDefaults(validator, step.schema as RJSFSchema, kept) : kept };
  });
  const [formData, setFormData] = useState<Record<string, unknown>>(opening.shown);
  // The journey keeps what is on the screen as the step's draft (a photo uploaded, a name typed),
  // a moment after the last change, so a reload or a killed tab does not lose it.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const handle = setTimeout(() => send({ type: 'step.draft', data: formData }), DRAFT_DELAY_MS);
    return () => clearTimeout(handle);
  }, [formData]); // eslint-disable-line react-hooks/exhaustive-deps -- only a change of the data is saved
  const form = useRef<{ validateForm: () => boolean; state: { errors: unknown[] } } | null>(null);
  // The data as last changed, for onChange (see there); it follows every other change too.
  const latest = useRef(formData);
  useEffect(() => {
    latest.current = formData;
  }, [formData]);
  // Fields shown from the journey's data (`ui:options.from`) follow it: the activation cost
  // after a change of months; read-only ones always, the others while still empty.
  useEffect(() => setFormData((current) => withJourneyValues(step, current, journeyData)), [journeyData]); // eslint-disable-line react-hooks/exhaustive-deps -- the journey's data is what changes

  // The schema's verdict on the data as it stands: what a validating button is held back for, and
  // whether a press can go without asking the form (below).
  const schemaErrors = useMemo(() => {
    if (!validator || !step.schema) return [];
    return (validator.rawValidation(step.schema as RJSFSchema, formData).errors ?? []) as Array<{ keyword?: string }>;
  }, [validator, step, formData]);
  const missingRequired = schemaErrors.some((e) => e.keyword === 'required');

  const ui = (step.uiSchema ?? {}) as UiSchema;
  // rjsf gets the uiSchema without the journey's keys; widgets read those from the form context.
  const { ui: rjsfUi, fieldOptions } = useMemo(() => splitJourneyOptions(ui), [step]); // eslint-disable-line react-hooks/exhaustive-deps -- the uiSchema is the step's
  const locks = (formData[LOCKS] ?? {}) as Record<string, boolean>;
  const locked = Object.keys(locks).filter((field) => locks[field]);
  const unlock = (field: string) => setFormData((current) => ({ ...current, [LOCKS]: { ...(current[LOCKS] as object), [field]: false } }));
  const shownUi: UiSchema = { ...rjsfUi, 'ui:submitButtonOptions': { norender: true } };
  // What the agent does not type is written as text (readable, not a greyed-out input); a value
  // locked as the ID gave it has its "Editar ..." button beside it.
  for (const [field, schema] of Object.entries(properties(step))) {
    const fieldUi = (rjsfUi[field] ?? {}) as UiSchema;
    const isLocked = locked.includes(field);
    if (!isLocked && schema?.readOnly !== true && fieldUi['ui:disabled'] !== true) continue;
    const editLabel = isLocked ? { editLabel: `Editar ${(schema?.title ?? field).toLowerCase()}` } : {};
    shownUi[field] = { ...fieldUi, 'ui:widget': 'readOnlyValue', 'ui:disabled': false, 'ui:options': { ...((fieldUi['ui:options'] as object | undefined) ?? {}), ...editLabel } };
  }
  const rootOptions = (ui['ui:options'] ?? {}) as Record<string, unknown>;
  // What the screen shows of the journey's data (a list of leads, an order number), above its form if it has one (a report with a cancel form).
  const shows = typeof rootOptions.from === 'string' && !FormWidget ? getAt({ context: journeyData }, rootOptions.from) : undefined;
  // A list that is one page of the provider's (the sales report): where it is, written above
  // it, and the way to the pages before and after, under it.
  const pages = rootOptions.pages as PagesOption | undefined;
  const listAt = pages && Array.isArray(shows) ? listPage(getAt({ context: journeyData }, pages.from), pages.text) : undefined;
  // A list's button acts on one row (the sales report's "Ver detalle" opens that lead).
  const rowButton = Array.isArray(shows) ? step.buttons?.find((b) => b.event === 'lead.open') : undefined;
  // The provider's words for the fields, where the step reads them (the terms).
  const titlesFrom = rootOptions.titlesFrom as TitlesFrom | undefined;
  if (titlesFrom) {
    const words = providerTitles(getAt({ context: journeyData }, titlesFrom.from), Object.keys(properties(step)), titlesFrom);
    for (const [field, ui] of Object.entries(words)) shownUi[field] = { ...((shownUi[field] as UiSchema | undefined) ?? {}), ...ui };
  }
  const sentTo = typeof rootOptions.sentTo === 'string' ? getAt({ context: journeyData }, rootOptions.sentTo) : undefined;
  const context: StepFormContext = { call, formData, journeyData, send, fieldOptions, unlock };
  /** A field whose change sends a journey event (`ui:options.sends`): months, the visit date. */
  const sendChanges = (before: Record<string, unknown>, next: Record<string, unknown>) => {
    for (const [field, options] of Object.entries(fieldOptions)) {
      const sends = options.sends as { event?: string; as?: string } | undefined;
      if (sends?.event && next[field] !== undefined && next[field] !== before[field]) send({ type: sends.event, [sends.as ?? field]: next[field] });
    }
  };
  // A default the screen opened with is a change the journey hears of, as one typed (the
  // contract's months asking their cost), once.
  const openingSent = useRef(false);
  useEffect(() => {
    if (openingSent.current) return; // StrictMode runs a mount's effects twice
    openingSent.current = true;
    sendChanges(opening.kept, opening.shown);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- as the screen opens
  const onChange = (changed: Record<string, unknown>) => {
    const next = withoutRefusedConsents(step, changed);
    // Compared with the latest data, not this render's: rjsf may report twice before React draws
    // again, and an event must go once.
    const before = latest.current;
    latest.current = next;
    sendChanges(before, next);
    setFormData(next);
  };
  // The event a validating button sends once the form passes (a report's cancel form sends
  // `lead.cancel` with its fields, not `step.submit`).
  const submitting = useRef('step.submit');
  const submit = () => send({ type: submitting.current, data: formData });
  type StepButton = NonNullable<StepFile['buttons']>[number];
  // A button with `when` shows only while that value is there ("Cancelar edición" while a lead is edited).
  const shownNow = (button: StepButton) => {
    if (button.when === undefined) return true;
    const value = getAt({ context: journeyData }, button.when);
    return value !== undefined && value !== null && value !== '';
  };
  const disabledButton = (button: StepButton) => busy || (button.validate === true && missingRequired);
  const press = (button: StepButton) => {
    submitting.current = button.event;
    // Checked by the form (its errors shown at their fields), then sent at once: rjsf's own submit
    // goes through the browser's form submission and draws the whole form again before it reports.
    if (button.validate && form.current) {
      // Data the schema passes, with nothing to warn of and no error showing, goes at once: the
      // form's own check (its schema resolved again, its errors built) was a fifth of the click.
      const clean = schemaErrors.length === 0 && Object.keys(typingErrors).length === 0 && form.current.state.errors.length === 0;
      if (clean || form.current.validateForm()) submit();
    }
    else if (button.event === 'step.submit') submit();
    else send({ type: button.event });
  };
  // Enter in a field presses the screen's main button, as a form's submit would (a PIN, a code).
  const primary = (step.buttons ?? []).find((button) => button.primary && button !== rowButton);
  const onKeyDown = (event: React.KeyboardEvent) => {
    const target = event.target as HTMLElement;
    // Not `defaultPrevented`: a numeric PIN box refuses every key but digits, Enter included.
    if (event.key !== 'Enter' || !primary || target.tagName !== 'INPUT') return;
    // A select or a date field opens its list on Enter: that is the agent's choice, not a submit.
    if (target.getAttribute('aria-haspopup') || (target as HTMLInputElement).readOnly) return;
    event.preventDefault();
    if (!disabledButton(primary)) press(primary);
  };
  // The form's own submit (Enter in a select's box, which the screen leaves to the select, submits
  // it as a browser does) sends as the main button would, and nothing while that button is disabled.
  const submitUnlessDisabled = () => {
    if (!primary || !disabledButton(primary)) submit();
  };
  // A field with a looser rule while typing (the e-mail) says at once what can never become valid.
  const typingErrors: ErrorSchema = {};
  for (const [field, options] of Object.entries(fieldOptions)) {
    const test = typeof options.typing === 'string' ? typing?.[options.typing] : undefined;
    const value = formData[field];
    if (test && typeof value === 'string' && value !== '' && !test(value)) {
      (typingErrors as Record<string, unknown>)[field] = { __errors: [formatMessages[options.typing as string] ?? 'Dato inválido'] };
    }
  }
  const transformErrors = (errors: RJSFValidationError[]) =>
    errors.map((error) => {
      const pointer = (error.property ?? '').replace(/\./g, '/');
      return { ...error, message: errorMessage({ keyword: error.name ?? '', params: (error.params ?? {}) as Record<string, unknown> }, formatMessages, step.messages?.[pointer]) };
    });

  return (
    <ScreenColumn onKeyDown={onKeyDown}>
      <ScreenHeading>{step.title}</ScreenHeading>
      {step.description && <Paragraph>{step.description}</Paragraph>}
      {(typeof sentTo === 'string' || typeof sentTo === 'number') && sentTo !== '' && <Paragraph strong>{`Enviado a ${String(sentTo)}`}</Paragraph>}
      {step.text?.map((paragraph) => <Paragraph key={paragraph}>{paragraph}</Paragraph>)}
      {locked.length > 0 && <Paragraph small>Datos leídos del documento: si alguno no coincide, edítalo.</Paragraph>}
      {listAt && (
        <Paragraph strong role="status">
          {listAt.text}
        </Paragraph>
      )}
      {typeof rootOptions.from === 'string' && !FormWidget && (
        <JourneyDataView data={shows} options={rootOptions} rowEvent={rowButton} send={send} />
      )}
      {listAt && pages && <PageButtons at={listAt} options={pages} busy={busy} send={send} />}
      {Array.isArray(rootOptions.lines) && <SummaryLines lines={rootOptions.lines as SummaryLine[]} read={(pointer) => getAt({ context: journeyData }, pointer)} />}
      {!step.schema && FormWidget && <FormWidget {...context} value={formData} onChange={setFormData} options={rootOptions} title={step.title} />}
      {step.schema && FormWidget && <FormWidget {...context} value={formData} onChange={setFormData} options={rootOptions} title={step.title} />}
      {rjsf && validator && (
        <rjsf.Form
          ref={form as never}
          schema={step.schema as RJSFSchema}
          uiSchema={shownUi}
          formData={formData}
          validator={validator}
          widgets={{ ...rjsf.widgets, readOnlyValue: ReadOnlyValueWidget }}
          formContext={context}
          noHtml5Validate
          experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
          showErrorList={false}
          transformErrors={transformErrors}
          extraErrors={typingErrors}
          onChange={(event) => onChange((event.formData ?? {}) as Record<string, unknown>)}
          onSubmit={submitUnlessDisabled}
          // The errors are shown at their fields (rjsf sets them before it calls this): an agent's
          // slip is nothing to log, and with no onError rjsf writes "Form validation failed" to the console.
          onError={shownAtFields}
        />
      )}
      <ButtonRow>
        {(step.buttons ?? []).filter((button) => button !== rowButton && shownNow(button)).map((button) => (
          <ScreenButton
            key={`${button.event}-${button.label}`}
            primary={button.primary === true}
            loading={busy && button.primary === true}
            disabled={disabledButton(button)}
            onClick={() => press(button)}
          >
            {button.label}
          </ScreenButton>
        ))}
      </ButtonRow>
    </ScreenColumn>
  );
}

/**
 * The data a step's screen opens with, from the journey's (before the schema's defaults): what
 * the screen keeps as its own once drawn. A screen drawn ahead (StepStage) is shown only while
 * this is still what it would open with.
 */
export function openingData(step: StepFile, saved: Record<string, unknown> | undefined, draft: Record<string, unknown> | undefined, journeyData: Record<string, unknown>): Record<string, unknown> {
  return withoutRefusedConsents(step, withLocks(step, withJourneyValues(step, { ...(draft ?? saved) }, journeyData), journeyData));
}

/** A step's fields by name, as its schema declares them. */
const properties = (step: StepFile) => ((step.schema as { properties?: Record<string, FieldSchema> } | undefined)?.properties ?? {}) as Record<string, FieldSchema | undefined>;
type FieldSchema = { title?: string; readOnly?: boolean; type?: unknown; const?: unknown };

/**
 * The form data with the fields shown from the journey's data (`ui:options.from`) filled in; the
 * same object when nothing changes, so that React does not draw the form again for nothing.
 */
function withJourneyValues(step: StepFile, data: Record<string, unknown>, journeyData: Record<string, unknown>): Record<string, unknown> {
  let next = data;
  const fields = properties(step);
  for (const [field, fieldUi] of Object.entries((step.uiSchema ?? {}) as Record<string, UiSchema>)) {
    const from = fieldUi?.['ui:options']?.from;
    if (field.startsWith('ui:') || typeof from !== 'string') continue;
    const value = getAt({ context: journeyData }, from);
    const fixed = fields[field]?.readOnly === true || fieldUi['ui:disabled'] === true;
    if (value !== undefined && value !== null && (fixed || next[field] === undefined || next[field] === '') && next[field] !== value) {
      if (next === data) next = { ...data };
      next[field] = value;
    }
  }
  return next;
}

/** The fields that are a consent: a boolean that must be true (`"const": true`, a checkbox). */
const consents = (step: StepFile) =>
  Object.entries(properties(step))
    .filter(([, field]) => field?.type === 'boolean' && field.const === true)
    .map(([name]) => name);

/**
 * A consent taken back (unticked) is no answer, as before it was given: the field stays
 * required, so the step's button stays disabled and the journey never keeps a refused consent.
 */
function withoutRefusedConsents(step: StepFile, data: Record<string, unknown>): Record<string, unknown> {
  const refused = consents(step).filter((field) => data[field] === false);
  if (refused.length === 0) return data;
  return Object.fromEntries(Object.entries(data).filter(([field]) => !refused.includes(field)));
}

/** Where a step's data keeps which fields are still as read from the document (`ui:options.lock`). */
const LOCKS = 'editLocks';


/**
 * The per-field edit locks of a step (spec "ID details"): a field marked `ui:options.lock` that
 * the journey filled (`ui:options.from`, e.g. what the ID's photo gave) starts locked, so what was
 * read is not changed by a slip of the finger; the agent unlocks a field to correct it. Nothing
 * is locked when the root's `ui:options.unlockWhen` points at a true value (manual entry after
 * failed readings). The flags go with the step's data as `editLocks` (true: as read).
 */
function withLocks(step: StepFile, data: Record<string, unknown>, journeyData: Record<string, unknown>): Record<string, unknown> {
  const ui = (step.uiSchema ?? {}) as Record<string, UiSchema>;
  const unlockWhen = (ui['ui:options'] as { unlockWhen?: unknown } | undefined)?.unlockWhen;
  const fields = Object.entries(ui).filter(([field, fieldUi]) => !field.startsWith('ui:') && fieldUi?.['ui:options']?.lock === true);
  if (fields.length === 0 || data[LOCKS] !== undefined) return data;
  const manual = typeof unlockWhen === 'string' && getAt({ context: journeyData }, unlockWhen) === true;
  const locks = Object.fromEntries(
    fields.map(([field, fieldUi]) => {
      const from = fieldUi['ui:options']?.from;
      const read = typeof from === 'string' ? getAt({ context: journeyData }, from) : undefined;
      return [field, !manual && read !== undefined && read !== null && read !== '' && data[field] === read];
    }),
  );
  return { ...data, [LOCKS]: locks };
}

/** The data a step starts from: what the journey saved at its pointer. */
export function savedData(journeyData: Record<string, unknown>, pointer: string | undefined): Record<string, unknown> | undefined {
  if (!pointer) return undefined;
  const value = getAt({ context: journeyData }, pointer);
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}
