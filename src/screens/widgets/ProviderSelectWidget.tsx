import { MultiSelect, Select } from '@mantine/core';
import { useListWhileOpen } from './selectDropdown';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { providerSelectAnswer, providerSelectCodedAnswer, type ProviderRow, type ProviderSelectAnswer } from '../../pack/widgetAnswers';
import type { StepFormContext } from '../stepFormContext';
import { callForAnswer, cannotCall, declaredCall, widgetRequest } from '../widgetCall';

/** The rows of an answer: the answer itself when it is a list, else its first list (`{"municipalities": [...]}`). */
function rowsOf(answer: ProviderSelectAnswer | null): ProviderRow[] {
  if (answer === null) return [];
  return Array.isArray(answer) ? answer : (Object.values(answer)[0] ?? []);
}

/**
 * A drop-down fed by the provider call its step file declares (`ui:options.call`: an operation
 * and its input, e.g. `{"operation": "municipalities", "input": {"department": "/form/department"}}`),
 * asked again when a value its input reads changes, and disabled while one is missing. It shows
 * each row's name and keeps it, or its code (`ui:options.keep: "code"`); on a field that is a
 * list, several rows can be chosen (add-ons).
 */
export function ProviderSelectWidget({ id, name, value, onChange, options, label, rawErrors, disabled, required, placeholder, registry, schema, uiSchema }: WidgetProps) {
  const context = registry.formContext as StepFormContext;
  const declared = declaredCall(context, name, options);
  const { request, ready, cannot } = declared ? widgetRequest(declared, context) : { request: {}, ready: false, cannot: [] };
  const [rows, setRows] = useState<ProviderRow[]>([]);
  const [error, setError] = useState<string | undefined>();
  const asked = JSON.stringify(request);
  const keepsCode = options.keep === 'code';

  useEffect(() => {
    if (declared && cannot.length > 0) {
      setRows([]);
      setError(cannotCall(declared, cannot));
      return;
    }
    if (!declared || !ready) {
      setRows([]);
      setError(undefined);
      return;
    }
    let current = true;
    void callForAnswer(context.call, declared, request, keepsCode ? providerSelectCodedAnswer : providerSelectAnswer).then((outcome) => {
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

  const data = rows.filter((row) => row.name).map((row) => ({ value: keepsCode ? String(row.code) : row.name, label: row.name }));
  // rjsf hands a list's widget no placeholder: read from its uiSchema then.
  const hint = placeholder || (typeof uiSchema?.['ui:placeholder'] === 'string' ? uiSchema['ui:placeholder'] : undefined);
  const chosen = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
  const list = useListWhileOpen(data, chosen);
  const common = { id, label, required, ...list, error: rawErrors?.[0] ?? error, searchable: true, nothingFoundMessage: 'Sin opciones', size: 'md' as const, disabled: disabled || !ready };
  if (schema.type === 'array') {
    return <MultiSelect {...common} placeholder={chosen.length > 0 ? undefined : hint} value={chosen} onChange={(next) => onChange(next.length > 0 ? next : undefined)} hidePickedOptions />;
  }
  return <Select {...common} placeholder={hint} value={typeof value === 'string' ? value : null} onChange={(next) => onChange(next ?? undefined)} />;
}
