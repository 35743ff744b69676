import type Form from '@rjsf/core';
import type { RJSFValidationError, UiSchema } from '@rjsf/utils';
import type { RefObject } from 'react';
import { formatMessages } from 'virtual:country/formats';
import type { JsonObject } from '../pack/journeyTypes';
import { getAt } from '../pack/jsonPointer';
import { isRow } from '../pack/referenceChoices';
import type { StepFile } from '../pack/stepFile';
import { errorMessage } from '../validation/errorMessage';
import { fieldMessages } from './fieldMessages';
import { providerTitles } from './providerTitles';
import { DEFAULT_FORM_STATE } from './rjsf/defaultFormState';
import type { ScreenOptions } from './screenOptions';
import type { StepChecks } from './stepChecks';
import { fieldsOf } from './stepData';
import type { StepFormContext } from './stepFormContext';
import type { LoadedStep } from './stepLoader';
import { ReadOnlyValueWidget } from './widgets/ReadOnlyValueWidget';

/** An invalid submit: its errors are on the screen already, at their fields. */
const shownAtFields = () => undefined;

/**
 * How the fields look on the screen: rjsf's uiSchema (without the journey's keys) with no submit
 * button of its own, what the agent does not type written as text (readable, not a greyed-out
 * input; a value locked as the ID gave it with its "Editar ..." button beside it), and the
 * provider's words for the fields where the step reads them (the terms).
 */
function shownUiSchema(step: StepFile, ui: UiSchema, locked: string[], titlesFrom: ScreenOptions['titlesFrom'], journeyData: Record<string, unknown>): UiSchema {
  const shown: UiSchema = { ...ui, 'ui:submitButtonOptions': { norender: true } };
  const fields = fieldsOf(step);
  for (const [field, schema] of Object.entries(fields)) {
    const fieldUi: UiSchema = ui[field] ?? {};
    const isLocked = locked.includes(field);
    if (!isLocked && schema.readOnly !== true && fieldUi['ui:disabled'] !== true) continue;
    const editLabel = isLocked ? { editLabel: `Editar ${(typeof schema.title === 'string' ? schema.title : field).toLowerCase()}` } : {};
    shown[field] = { ...fieldUi, 'ui:widget': 'readOnlyValue', 'ui:disabled': false, 'ui:options': { ...fieldUi['ui:options'], ...editLabel } };
  }
  for (const [field, schema] of Object.entries(fields)) if (isGroup(schema, ui[field])) shown[field] = asGroup(ui[field] ?? {});
  if (titlesFrom) {
    const words = providerTitles(getAt({ context: journeyData }, titlesFrom.from), Object.keys(fields), titlesFrom);
    for (const [field, fieldUi] of Object.entries(words)) shown[field] = { ...shown[field], ...fieldUi };
  }
  return shown;
}

/** A list of objects is drawn as a repeatable group (rjsf/groupTemplates.tsx), named so or with no widget of its own. */
const isGroup = (schema: JsonObject, fieldUi: UiSchema | undefined) =>
  schema.type === 'array' && isRow(schema.items) && schema.items.type === 'object' && (fieldUi?.['ui:widget'] === undefined || fieldUi['ui:widget'] === 'group');

/**
 * A group as rjsf draws it: a list with no widget of its own (rjsf would hand a named widget the
 * whole list), its rows' objects untitled (each row's legend names it: "Dirección 2").
 */
function asGroup({ 'ui:widget': _group, ...rest }: UiSchema): UiSchema { // eslint-disable-line @typescript-eslint/no-unused-vars
  // A step file's uiSchema is JSON: its items are an object, never rjsf's per-row function.
  const items = (rest.items ?? {}) as UiSchema;
  return { ...rest, items: { ...items, 'ui:options': { ...items['ui:options'], label: false } } };
}

interface StepFieldsProps {
  loaded: LoadedStep;
  /** rjsf's uiSchema: the step's, without the journey's keys (see journeyOptions). */
  ui: UiSchema;
  locked: string[];
  titlesFrom: ScreenOptions['titlesFrom'];
  context: StepFormContext;
  typingErrors: StepChecks['typingErrors'];
  onChange: (data: Record<string, unknown>) => void;
  onSubmit: () => void;
  form: RefObject<Form | null>;
}

/**
 * A step's fields: rjsf with the Mantine theme and the precompiled validator, its messages the
 * project's rules' own (or the step file's), with the typing rules' errors beside its own.
 */
export function StepFields({ loaded, ui, locked, titlesFrom, context, typingErrors, onChange, onSubmit, form }: StepFieldsProps) {
  const { step, validator, form: rjsf } = loaded;
  if (!rjsf || !validator || !step.schema) return null;
  const transformErrors = (errors: RJSFValidationError[]) =>
    errors.map((error) => {
      const pointer = (error.property ?? '').replace(/\./g, '/');
      return { ...error, message: errorMessage({ keyword: error.name ?? '', params: error.params ?? {} }, formatMessages, fieldMessages(step.messages, pointer)) };
    });
  return (
    <rjsf.Form
      ref={form}
      schema={step.schema}
      uiSchema={shownUiSchema(step, ui, locked, titlesFrom, context.journeyData)}
      formData={context.formData}
      validator={validator}
      widgets={{ ...rjsf.widgets, readOnlyValue: ReadOnlyValueWidget }}
      formContext={context}
      noHtml5Validate
      experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
      showErrorList={false}
      transformErrors={transformErrors}
      extraErrors={typingErrors}
      onChange={(event) => onChange(event.formData ?? {})}
      onSubmit={onSubmit}
      // The errors are shown at their fields (rjsf sets them before it calls this): an agent's
      // slip is nothing to log, and with no onError rjsf writes "Form validation failed" to the console.
      onError={shownAtFields}
    />
  );
}
