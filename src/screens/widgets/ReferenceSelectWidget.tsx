import { Select } from '@mantine/core';
import { useListWhileOpen } from './selectDropdown';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { referenceData } from 'virtual:country/reference';
import { MESSAGES } from '../../api/apiError';
import { referenceChoices, type ReferenceOption } from '../../pack/referenceChoices';
import { journeyOptionsOf, type StepFormContext } from '../stepFormContext';

/**
 * A drop-down of the country's reference data (`ui:options.reference`: departments, then the
 * municipalities of the chosen one), shipped with the app as its own chunk: no provider call,
 * so it fills at once on a slow network. A choice that no longer fits the form (another
 * department chosen) is forgotten, so a municipality of the old one cannot be sent.
 */
export function ReferenceSelectWidget(props: WidgetProps) {
  const { id, value, onChange, label, rawErrors, disabled, required, placeholder, registry } = props;
  const { formData } = registry.formContext as StepFormContext;
  const option = journeyOptionsOf(props).reference as ReferenceOption | undefined;
  const [rows, setRows] = useState<unknown>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    const load = option ? referenceData[option.data] : undefined;
    if (!load) return;
    let current = true;
    // A chunk lost on the way (no signal) says so; opening the step again asks again.
    load().then(
      (loaded) => current && setRows(loaded),
      () => current && setError(MESSAGES.generic),
    );
    return () => {
      current = false;
    };
  }, [option?.data]); // eslint-disable-line react-hooks/exhaustive-deps -- loaded once per data name

  const choices = rows === undefined || !option ? undefined : referenceChoices(rows, option, formData);
  const fits = choices === undefined || typeof value !== 'string' || value === '' || choices.some((choice) => choice.value === value);
  useEffect(() => {
    if (!fits) onChange(undefined);
  }, [fits]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the choice stops fitting

  const shown = typeof value === 'string' && fits ? value : null;
  const list = useListWhileOpen(choices ?? [], shown === null ? [] : [shown]);
  return (
    <Select
      id={id}
      {...list}
      label={label}
      required={required}
      disabled={disabled || choices === undefined}
      placeholder={placeholder}
      value={shown}
      onChange={(next) => onChange(next ?? undefined)}
      error={rawErrors?.[0] ?? error}
      allowDeselect={false}
      searchable
      nothingFoundMessage="Sin opciones"
      size="md"
    />
  );
}
