import '@mantine/dates/styles.css';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import type { WidgetProps } from '@rjsf/utils';
import 'dayjs/locale/es';
import { getAt } from '../../engine/jsonPointer';
import type { StepFormContext } from '../stepFormContext';

/**
 * A calendar (in Spanish, weeks from Monday) where only the dates the provider suggested can be
 * picked (`ui:options.datesAt`, a pointer into the journey's data; by default the schedule's
 * suggested dates, ISO `YYYY-MM-DD`). On a phone it opens as a full-width dialog, easier to tap.
 */
export function DatePickerWidget({ id, value, onChange, options, label, rawErrors, required, registry }: WidgetProps) {
  const { journeyData } = registry.formContext as StepFormContext;
  const at = typeof options.datesAt === 'string' ? options.datesAt : '/sale/schedule/suggestedDates';
  const dates = ((getAt(journeyData, at) as string[] | undefined) ?? []).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
  const offered = new Set(dates);
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <DatePickerInput
        id={id}
        label={label}
        required={required}
        placeholder={dates.length > 0 ? 'Elige una fecha' : 'Sin fechas disponibles'}
        disabled={dates.length === 0}
        value={typeof value === 'string' && value !== '' ? value : null}
        onChange={(next) => onChange(next ?? undefined)}
        valueFormat="DD/MM/YYYY"
        // The calendar opens on the first date offered and only those can be chosen.
        defaultDate={dates[0]}
        minDate={dates[0]}
        maxDate={dates.at(-1)}
        excludeDate={(date) => !offered.has(date)}
        dropdownType="modal"
        error={rawErrors?.[0]}
        size="md"
      />
    </DatesProvider>
  );
}
