import { MultiSelect, Select } from '@mantine/core';
import { useListWhileOpen } from './selectDropdown';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect } from 'react';
import { offeredRows, type JourneyRowsOption } from '../journeyRows';
import { money } from '../money';
import { rowText } from '../rowText';
import { journeyOptionsOf, type StepFormContext } from '../stepFormContext';

/** Which rows of the journey's data a `journeySelect` offers, and how (`ui:options.rows`). */
interface RowsOption extends JourneyRowsOption {
  /** What the agent reads: a text where `{key}` stands for the row's value (`{id} · {cliFirstName}`). */
  label: string;
}

/**
 * A drop-down of rows the journey already holds (`ui:options.rows`): the leads of a sales report
 * that can still be cancelled, shown by their number and the customer's name; on a field that is
 * a list, several rows (the add-ons the journey asked the provider for, by code). No call: what
 * the screen lists is what it offers.
 */
export function JourneySelectWidget(props: WidgetProps) {
  const { id, value, onChange, label, rawErrors, disabled, required, placeholder, registry, schema, uiSchema } = props;
  const { journeyData } = registry.formContext as StepFormContext;
  const option = journeyOptionsOf(props).rows as RowsOption | undefined;
  const offered = option ? offeredRows(option, journeyData) : undefined;
  const data = (offered ?? []).map(({ value: kept, row }) => ({ value: kept, label: rowText(option?.label ?? '', row, money) }));
  const many = schema.type === 'array';
  const given = many ? (Array.isArray(value) ? value : []) : value === undefined ? [] : [value];
  const chosen = given.filter((choice): choice is string => typeof choice === 'string' && data.some((row) => row.value === choice));
  // A choice the rows no longer hold is forgotten, so it cannot be sent: another plan's add-on
  // once the agent went back and chose another plan, the report's lead just cancelled (its
  // button then waits for a new choice, as for any empty required field); not while the rows are
  // still coming.
  const stale = offered !== undefined && chosen.length !== given.length;
  useEffect(() => {
    if (stale) onChange(many ? (chosen.length > 0 ? chosen : undefined) : undefined);
  }, [stale]); // eslint-disable-line react-hooks/exhaustive-deps -- only when a choice stops fitting
  const list = useListWhileOpen(data, chosen);
  const common = { id, ...list, label, required, disabled: disabled || data.length === 0, error: rawErrors?.[0], searchable: true, nothingFoundMessage: 'Sin opciones', size: 'md' as const };
  if (many) {
    // rjsf hands a list's widget no placeholder: read from its uiSchema then.
    const hint = placeholder || (typeof uiSchema?.['ui:placeholder'] === 'string' ? uiSchema['ui:placeholder'] : undefined);
    return <MultiSelect {...common} placeholder={chosen.length > 0 ? undefined : data.length > 0 ? hint : 'Sin opciones'} value={chosen} onChange={(next) => onChange(next.length > 0 ? next : undefined)} hidePickedOptions />;
  }
  return <Select {...common} placeholder={data.length > 0 ? placeholder : 'Sin opciones'} value={chosen[0] ?? null} onChange={(next) => onChange(next ?? undefined)} allowDeselect={false} />;
}
