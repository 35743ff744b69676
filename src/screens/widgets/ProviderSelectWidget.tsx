import { Select } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { providerSelectAnswer, type ProviderRow, type ProviderSelectAnswer } from '../../engine/widgetAnswers';
import type { StepFormContext } from '../stepFormContext';
import { callForAnswer, declaredCall, widgetRequest } from '../widgetCall';

/** The rows of an answer: the answer itself when it is a list, else its first list (`{"municipalities": [...]}`). */
function rowsOf(answer: ProviderSelectAnswer | null): ProviderRow[] {
  if (answer === null) return [];
  return Array.isArray(answer) ? answer : (Object.values(answer)[0] ?? []);
}

/**
 * A drop-down fed by the provider call its step file declares (`ui:options.call`: an operation
 * and its input, e.g. `{"operation": "municipalities", "input": {"department": "/form/department"}}`),
 * asked again when a value its input reads changes, and disabled while one is missing.
 */
export function ProviderSelectWidget({ id, name, value, onChange, options, label, rawErrors, disabled, required, placeholder, registry }: WidgetProps) {
  const context = registry.formContext as StepFormContext;
  const declared = declaredCall(context, name, options);
  const { request, ready } = declared ? widgetRequest(declared, context) : { request: {}, ready: false };
  const [rows, setRows] = useState<ProviderRow[]>([]);
  const [error, setError] = useState<string | undefined>();
  const asked = JSON.stringify(request);

  useEffect(() => {
    if (!declared || !ready) {
      setRows([]);
      return;
    }
    let current = true;
    void callForAnswer(context.call, declared, request, providerSelectAnswer).then((outcome) => {
      if (!current) return;
      if (!outcome.ok) {
        setError(outcome.error.message);
        return;
      }
      setError(undefined);
      setRows(rowsOf(outcome.data));
    });
    return () => {
      current = false;
    };
  }, [declared?.operation, ready, asked]); // eslint-disable-line react-hooks/exhaustive-deps -- asked again when what it reads changes

  const names = rows.map((row) => row.name).filter(Boolean);
  return (
    <Select
      id={id}
      label={label}
      required={required}
      disabled={disabled || !ready}
      placeholder={placeholder}
      data={names}
      value={typeof value === 'string' ? value : null}
      onChange={(next) => onChange(next ?? undefined)}
      error={rawErrors?.[0] ?? error}
      searchable
      nothingFoundMessage="Sin opciones"
      size="md"
    />
  );
}
