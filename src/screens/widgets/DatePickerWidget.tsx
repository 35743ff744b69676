import { Select } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { getAt } from '../../engine/jsonPointer';
import type { StepFormContext } from '../stepFormContext';

/**
 * A date among the ones the provider suggested (`ui:options.datesAt`, a pointer into the journey's
 * data; by default the schedule's suggested dates). The full calendar comes with the capture issue.
 */
export function DatePickerWidget({ id, value, onChange, options, label, rawErrors, required, registry }: WidgetProps) {
  const { journeyData } = registry.formContext as StepFormContext;
  const at = typeof options.datesAt === 'string' ? options.datesAt : '/sale/schedule/suggestedDates';
  const dates = (getAt(journeyData, at) as string[] | undefined) ?? [];
  const format = (iso: string) => iso.split('-').reverse().join('/');
  return (
    <Select
      id={id}
      label={label}
      required={required}
      data={dates.map((d) => ({ value: d, label: format(d) }))}
      value={typeof value === 'string' ? value : null}
      onChange={(next) => onChange(next ?? undefined)}
      error={rawErrors?.[0]}
      size="md"
    />
  );
}
