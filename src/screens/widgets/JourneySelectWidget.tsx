import { Select } from '@mantine/core';
import { dropdownWhileOpen } from './selectDropdown';
import type { WidgetProps } from '@rjsf/utils';
import { getAt } from '../../engine/jsonPointer';
import { rowText } from '../rowText';
import { journeyOptionsOf, type StepFormContext } from '../stepFormContext';

/** Which rows of the journey's data a `journeySelect` offers, and how (`ui:options.rows`). */
interface RowsOption {
  /** Where the list of rows is in the journey's data (a /context pointer). */
  at: string;
  /** The row key whose value the field keeps. */
  value: string;
  /** What the agent reads: a text where `{key}` stands for the row's value (`{id} · {cliFirstName}`). */
  label: string;
  /** Only the rows whose key holds one of these values. */
  only?: Record<string, unknown[]>;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * A drop-down of rows the journey already holds (`ui:options.rows`): the leads of a sales report
 * that can still be cancelled, shown by their number and the customer's name. No call: what the
 * screen lists is what it offers.
 */
export function JourneySelectWidget(props: WidgetProps) {
  const { id, value, onChange, label, rawErrors, disabled, required, placeholder, registry } = props;
  const { journeyData } = registry.formContext as StepFormContext;
  const option = journeyOptionsOf(props).rows as RowsOption | undefined;
  const listed = option ? getAt({ context: journeyData }, option.at) : undefined;
  const rows = (Array.isArray(listed) ? listed : []).filter((row): row is Record<string, unknown> => row !== null && typeof row === 'object');
  const fits = (row: Record<string, unknown>) => Object.entries(option?.only ?? {}).every(([key, values]) => values.includes(row[key]));
  const data = option
    ? rows.filter(fits).map((row) => ({ value: text(row[option.value]), label: rowText(option.label, row) })).filter((choice) => choice.value !== '')
    : [];
  const chosen = typeof value === 'string' && data.some((choice) => choice.value === value) ? value : null;
  return (
    <Select
      id={id}
      comboboxProps={dropdownWhileOpen}
      label={label}
      required={required}
      disabled={disabled || data.length === 0}
      placeholder={data.length > 0 ? placeholder : 'Sin opciones'}
      data={data}
      value={chosen}
      onChange={(next) => onChange(next ?? undefined)}
      error={rawErrors?.[0]}
      allowDeselect={false}
      searchable
      nothingFoundMessage="Sin opciones"
      size="md"
    />
  );
}
