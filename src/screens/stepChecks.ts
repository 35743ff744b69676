import type { ErrorSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { formatMessages } from 'virtual:country/formats';
import type { FieldOptions } from './journeyOptions';
import type { LoadedStep } from './stepLoader';

type Data = Record<string, unknown>;

/** What a step's rules say of its data as it stands. */
export interface StepChecks {
  /** A required field is empty: what a validating button is held back for. */
  missingRequired: boolean;
  /** Neither the schema nor a typing rule has anything against the data: a press can go without asking the form. */
  passes: boolean;
  /** The fields a typing rule refuses, with its message, as rjsf shows errors of its own. */
  typingErrors: ErrorSchema<Data>;
}

/** The schema's verdict on the data, and the typing rules' (`ui:options.typing`). */
export function useStepChecks({ step, validator, typing }: LoadedStep, formData: Data, fieldOptions: FieldOptions): StepChecks {
  const schemaErrors = useMemo(() => {
    if (!validator || !step.schema) return [];
    return validator.rawValidation<{ keyword?: string }>(step.schema, formData).errors ?? [];
  }, [validator, step, formData]);
  const typingErrors = typingErrorsOf(fieldOptions, typing, formData);
  return {
    missingRequired: schemaErrors.some((e) => e.keyword === 'required'),
    passes: schemaErrors.length === 0 && Object.keys(typingErrors).length === 0,
    typingErrors,
  };
}

/** A field with a looser rule while typing (the e-mail) says at once what can never become valid. */
function typingErrorsOf(fieldOptions: FieldOptions, typing: LoadedStep['typing'], formData: Data): ErrorSchema<Data> {
  const errors: ErrorSchema<Data> = {};
  for (const [field, { typing: rule }] of Object.entries(fieldOptions)) {
    const test = typeof rule === 'string' ? typing?.[rule] : undefined;
    const value = formData[field];
    if (typeof rule === 'string' && test && typeof value === 'string' && value !== '' && !test(value)) {
      errors[field] = { __errors: [formatMessages[rule] ?? 'Dato inválido'] };
    }
  }
  return errors;
}
