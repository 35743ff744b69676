import { Select } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { journeyOptionsOf, type StepFormContext } from '../stepFormContext';

type Row = { name?: string; code?: string };

/**
 * A drop-down fed by a provider call (`ui:options.source`, e.g. `api.city`), asked again when the
 * fields it depends on (`dependsOn`) change; `param` renames the first one on the wire
 * (`deparment`, the provider's spelling).
 */
export function ProviderSelectWidget(props: WidgetProps) {
  const { id, value, onChange, label, rawErrors, disabled, required, placeholder, registry } = props;
  const { call, formData } = registry.formContext as StepFormContext;
  // The call's options are the journey's: rjsf does not hand them over (see journeyOptions).
  const options = journeyOptionsOf(props);
  const source = String(options.source ?? '').replace(/^api\./, '');
  const dependsOn = (options.dependsOn as string[] | undefined) ?? [];
  const inputs = dependsOn.map((field) => formData[field]);
  const ready = inputs.every((v) => v !== undefined && v !== '');
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!ready) {
      setRows([]);
      return;
    }
    const input: Record<string, unknown> = {};
    dependsOn.forEach((field, i) => (input[i === 0 && typeof options.param === 'string' ? options.param : field] = inputs[i]));
    let current = true;
    void call(source as never, input).then((outcome) => {
      if (!current) return;
      if (!outcome.ok) {
        setError(outcome.error.message);
        return;
      }
      setError(undefined);
      const data = outcome.data as Record<string, unknown> | Row[] | null;
      const list = Array.isArray(data) ? data : ((Object.values(data ?? {}).find(Array.isArray) as Row[] | undefined) ?? []);
      setRows(list);
    });
    return () => {
      current = false;
    };
  }, [source, ready, JSON.stringify(inputs)]); // eslint-disable-line react-hooks/exhaustive-deps -- asked again when what it depends on changes

  const names = rows.map((row) => String(row.name ?? row.code ?? '')).filter(Boolean);
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
