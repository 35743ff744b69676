import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import Form from '@rjsf/mantine';
import type { RJSFSchema, RJSFValidationError, UiSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getAt } from '../engine/jsonPointer';
import type { StepFile } from '../engine/stepFile';
import { errorMessage } from '../validation/errorMessage';
import { stepValidators } from './generated/steps/sv/index.js';
import type { StepFormContext } from './stepFormContext';
import { JourneyDataView } from './JourneyDataView';
import { fieldWidgets, formWidgets } from './widgets/index';

const stepFiles = import.meta.glob<StepFile>('../../schemas/steps/sv/*.json', { eager: true, import: 'default' });
const steps = new Map(Object.values(stepFiles).map((file) => [file.step, file]));

export interface StepScreenProps extends Omit<StepFormContext, 'formData'> {
  stepName: string;
  /** What the journey kept of this step's data (to show what was typed). */
  saved: Record<string, unknown> | undefined;
  busy: boolean;
}

/** The precompiled validator of a step (`npm run steps:compile`), loaded with the step. */
function useStepValidator(step: StepFile | undefined): ValidatorType | undefined {
  const [validator, setValidator] = useState<ValidatorType>();
  useEffect(() => {
    setValidator(undefined);
    const load = step?.schema ? stepValidators[step.step] : undefined;
    if (!load || !step?.schema) return;
    let current = true;
    void load().then((module) => current && setValidator(() => createPrecompiledValidator(module.default, step.schema as RJSFSchema)));
    return () => {
      current = false;
    };
  }, [step]);
  return validator;
}

/**
 * One step of the journey, rendered from its step file: heading, text, the form (rjsf with the
 * Mantine theme and the precompiled validator), and the buttons with the events they send.
 */
export function StepScreen({ stepName, saved, busy, call, journeyData, send }: StepScreenProps) {
  const step = steps.get(stepName);
  const validator = useStepValidator(step);
  const [formData, setFormData] = useState<Record<string, unknown>>(() => withJourneyValues(step, saved ?? {}, journeyData));
  const form = useRef<{ submit: () => void } | null>(null);
  // Fields shown from the journey's data (`ui:options.from`) follow it: the activation cost
  // after a change of months; read-only ones always, the others while still empty.
  useEffect(() => setFormData((current) => withJourneyValues(step, current, journeyData)), [journeyData]); // eslint-disable-line react-hooks/exhaustive-deps -- the journey's data is what changes

  const missingRequired = useMemo(() => {
    if (!validator || !step?.schema) return true;
    const { errors } = validator.rawValidation(step.schema as RJSFSchema, formData);
    return (errors ?? []).some((e) => (e as { keyword?: string }).keyword === 'required');
  }, [validator, step, formData]);

  if (!step) return <Text role="alert">{`Pantalla no encontrada: ${stepName}`}</Text>;
  const ui = (step.uiSchema ?? {}) as UiSchema;
  const rootOptions = (ui['ui:options'] ?? {}) as Record<string, unknown>;
  const shows = !step.schema && typeof rootOptions.from === 'string' ? getAt({ context: journeyData }, rootOptions.from) : undefined;
  // A list's button acts on one row (the sales report's "Ver detalle" opens that lead).
  const rowButton = Array.isArray(shows) ? step.buttons?.find((b) => b.event === 'lead.open') : undefined;
  const FormWidget = typeof ui['ui:widget'] === 'string' ? formWidgets[ui['ui:widget']] : undefined;
  const context: StepFormContext = { call, formData, journeyData, send };
  const onChange = (next: Record<string, unknown>) => {
    // A field whose change sends a journey event (`ui:options.onChange`): months, the visit date.
    for (const [field, fieldUi] of Object.entries(ui)) {
      const on = (fieldUi as UiSchema | undefined)?.['ui:options']?.onChange as { event?: string; as?: string } | undefined;
      if (on?.event && next[field] !== undefined && next[field] !== formData[field]) send({ type: on.event, [on.as ?? field]: next[field] });
    }
    setFormData(next);
  };
  const submit = () => send({ type: 'step.submit', data: formData });
  const transformErrors = (errors: RJSFValidationError[]) =>
    errors.map((error) => {
      const pointer = (error.property ?? '').replace(/\./g, '/');
      return { ...error, message: errorMessage({ keyword: error.name ?? '', params: (error.params ?? {}) as Record<string, unknown> }, step.messages?.[pointer]) };
    });

  return (
    <Stack gap="md" maw={560}>
      <Title order={2}>{step.title}</Title>
      {step.description && <Text>{step.description}</Text>}
      {step.text?.map((paragraph) => <Text key={paragraph}>{paragraph}</Text>)}
      {step.schema && !validator && <Loader size="sm" />}
      {!step.schema && typeof rootOptions.from === 'string' && !FormWidget && (
        <JourneyDataView data={shows} options={rootOptions} rowEvent={rowButton} send={send} />
      )}
      {!step.schema && FormWidget && <FormWidget {...context} value={formData} onChange={setFormData} options={rootOptions} title={step.title} />}
      {step.schema && validator && FormWidget && (
        <FormWidget {...context} value={formData} onChange={setFormData} options={(ui['ui:options'] ?? {}) as Record<string, unknown>} title={step.title} />
      )}
      {step.schema && validator && !FormWidget && (
        <Form
          ref={form as never}
          schema={step.schema as RJSFSchema}
          uiSchema={{ ...ui, 'ui:submitButtonOptions': { norender: true } }}
          formData={formData}
          validator={validator}
          widgets={fieldWidgets}
          formContext={context}
          noHtml5Validate
          showErrorList={false}
          transformErrors={transformErrors}
          onChange={(event) => onChange((event.formData ?? {}) as Record<string, unknown>)}
          onSubmit={submit}
        />
      )}
      <Group>
        {(step.buttons ?? []).filter((button) => button !== rowButton).map((button) => (
          <Button
            key={`${button.event}-${button.label}`}
            size="md"
            variant={button.primary ? 'filled' : 'default'}
            loading={busy && button.primary}
            disabled={busy || (button.validate === true && missingRequired)}
            onClick={() => {
              if (button.event === 'step.submit' && button.validate && form.current) form.current.submit();
              else if (button.event === 'step.submit') submit();
              else send({ type: button.event });
            }}
          >
            {button.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/** The form data with the fields shown from the journey's data (`ui:options.from`) filled in. */
function withJourneyValues(step: StepFile | undefined, data: Record<string, unknown>, journeyData: Record<string, unknown>): Record<string, unknown> {
  const next = { ...data };
  const properties = ((step?.schema as { properties?: Record<string, { readOnly?: boolean }> } | undefined)?.properties ?? {}) as Record<string, { readOnly?: boolean }>;
  for (const [field, fieldUi] of Object.entries((step?.uiSchema ?? {}) as Record<string, UiSchema>)) {
    const from = fieldUi?.['ui:options']?.from;
    if (field.startsWith('ui:') || typeof from !== 'string') continue;
    const value = getAt({ context: journeyData }, from);
    const fixed = properties[field]?.readOnly === true || fieldUi['ui:disabled'] === true;
    if (value !== undefined && value !== null && (fixed || next[field] === undefined || next[field] === '')) next[field] = value;
  }
  return next;
}

/** The data a step starts from: what the journey saved at its pointer. */
export function savedData(journeyData: Record<string, unknown>, pointer: string | undefined): Record<string, unknown> | undefined {
  if (!pointer) return undefined;
  const value = getAt({ context: journeyData }, pointer);
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}
