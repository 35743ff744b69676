import '@mantine/dates/styles.css';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import type { WidgetProps } from '@rjsf/utils';
import 'dayjs/locale/es';
import { getAt } from '../../engine/jsonPointer';
import { journeyOptionsOf, type StepFormContext } from '../stepFormContext';

/**
 * A calendar (in Spanish, weeks from Monday) where only the dates the provider suggested can be
 * picked (`ui:options.datesAt`, a /context pointer into the journey's data, dates as ISO
 * `YYYY-MM-DD`; the step schema requires it). On a phone it opens as a full-width dialog, easier to tap.
 */
export function DatePickerWidget(props: WidgetProps) {
  const { id, value, onChange, label, rawErrors, required, registry } = props;
  const { journeyData } = registry.formContext as StepFormContext;
  const { datesAt } = journeyOptionsOf(props);
  const offeredAt = typeof datesAt === 'string' ? getAt({ context: journeyData }, datesAt) : undefined;
  const dates = (Array.isArray(offeredAt) ? offeredAt : []).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
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
