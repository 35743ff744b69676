import '@mantine/dates/styles.css';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { DatePicker, DatePickerInput, DatesProvider } from '@mantine/dates';
import type { WidgetProps } from '@rjsf/utils';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { useState } from 'react';
import { getAt } from '../../pack/jsonPointer';
import { journeyOptionsOf, type StepFormContext } from '../stepFormContext';

/**
 * The calendar's buttons named in Spanish (Mantine names none of its arrows; each day it names by
 * its whole date in the calendar's language already, "3 diciembre 2026", which the browser
 * replay's filler looks for): the month shown is followed (`date`, `onDateChange`) so that the
 * button that goes up a level says its visible text and what it does ("diciembre 2026, elegir
 * mes y año"); `open(at)` puts the calendar back at a month as it opens.
 */
function useSpanishCalendar(start: string | undefined) {
  const [shown, setShown] = useState(start);
  const level = (format: string, does: string) => (shown ? `${dayjs(shown).locale('es').format(format)}, ${does}` : does.charAt(0).toUpperCase() + does.slice(1));
  return {
    open: setShown,
    props: {
      ...(shown ? { date: shown } : {}),
      onDateChange: setShown,
      // The months of a year are written short ("dic."): each by its whole name.
      getMonthControlProps: (date: string) => ({ 'aria-label': dayjs(date).locale('es').format('MMMM [de] YYYY') }),
      ariaLabels: {
        previousMonth: 'Mes anterior',
        nextMonth: 'Mes siguiente',
        previousYear: 'Año anterior',
        nextYear: 'Año siguiente',
        previousDecade: 'Década anterior',
        nextDecade: 'Década siguiente',
        // As Mantine writes them (monthLabelFormat, yearLabelFormat): the visible words lead the name.
        monthLevelControl: level('MMMM YYYY', 'elegir mes y año'),
        yearLevelControl: level('YYYY', 'elegir año'),
      },
    },
  };
}

/** The labels of a calendar that asks to confirm (`ui:options.buttons`). */
interface ConfirmButtons {
  cancel: string;
  save: string;
}

/**
 * A calendar (in Spanish, weeks from Monday, weekends drawn as any day: red reads as an error) where only the dates the provider suggested can be
 * picked (`ui:options.datesAt`, a /context pointer into the journey's data, dates as ISO
 * `YYYY-MM-DD`; the step schema requires it). On a phone it opens as a full-width dialog, easier to
 * tap. With `ui:options.buttons` the dialog asks to confirm: a tapped date is kept by the save
 * button, the cancel button leaves the field as it was.
 */
export function DatePickerWidget(props: WidgetProps) {
  const { id, value, onChange, label, rawErrors, required, registry, options } = props;
  // The step's placeholder (the spec's DD/MM/AAAA), else a plain invitation.
  const hint = props.placeholder || 'Elige una fecha';
  const { journeyData } = registry.formContext as StepFormContext;
  const { datesAt } = journeyOptionsOf(props);
  const offeredAt = typeof datesAt === 'string' ? getAt({ context: journeyData }, datesAt) : undefined;
  const dates = (Array.isArray(offeredAt) ? offeredAt : []).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
  const offered = new Set(dates);
  const chosen = typeof value === 'string' && value !== '' ? value : null;
  const calendar = {
    // The calendar opens on the first date offered and only those can be chosen.
    defaultDate: chosen ?? dates[0],
    minDate: dates[0],
    maxDate: dates.at(-1),
    excludeDate: (date: string) => !offered.has(date),
  };
  const placeholder = dates.length > 0 ? hint : 'Sin fechas disponibles';
  const buttons = options.buttons as ConfirmButtons | undefined;
  const spanish = useSpanishCalendar(calendar.defaultDate);
  // The field as either control shows it.
  const field = { id, label, required, placeholder, disabled: dates.length === 0, error: rawErrors?.[0], value: chosen };
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1, weekendDays: [] }}>
      {buttons ? (
        <ConfirmedDate
          {...field}
          onSave={(next) => onChange(next ?? undefined)}
          buttons={buttons}
          calendar={{ ...calendar, ...spanish.props }}
          onOpen={() => spanish.open(calendar.defaultDate)}
        />
      ) : (
        <DatePickerInput
          {...field}
          onChange={(next) => onChange(next ?? undefined)}
          valueFormat="DD/MM/YYYY"
          {...calendar}
          {...spanish.props}
          onClick={() => spanish.open(calendar.defaultDate)}
          dropdownType="modal"
          size="md"
        />
      )}
    </DatesProvider>
  );
}

interface ConfirmedDateProps {
  id: string;
  label: string;
  required?: boolean;
  placeholder: string;
  disabled: boolean;
  error?: string;
  value: string | null;
  onSave: (date: string | null) => void;
  buttons: ConfirmButtons;
  calendar: { defaultDate?: string; minDate?: string; maxDate?: string; excludeDate: (date: string) => boolean } & ReturnType<typeof useSpanishCalendar>['props'];
  /** The calendar opens (at the saved date, else the first offered). */
  onOpen: () => void;
}

/** The field shows the saved date; tapping it opens the calendar, whose date is kept only when saved. */
function ConfirmedDate({ id, label, required, placeholder, disabled, error, value, onSave, buttons, calendar, onOpen }: ConfirmedDateProps) {
  const [open, setOpen] = useState(false);
  const [tapped, setTapped] = useState<string | null>(value);
  const show = () => {
    setTapped(value);
    onOpen();
    setOpen(true);
  };
  return (
    <>
      <TextInput
        id={id}
        label={label}
        required={required}
        placeholder={placeholder}
        disabled={disabled}
        error={error}
        readOnly
        value={value ? dayjs(value).format('DD/MM/YYYY') : ''}
        onClick={show}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') show();
        }}
        size="md"
        styles={{ input: { cursor: 'pointer' } }}
      />
      <Modal opened={open} onClose={() => setOpen(false)} title={label} centered size="auto" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
        <DatePicker value={tapped} onChange={setTapped} {...calendar} size="md" />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setOpen(false)}>
            {buttons.cancel}
          </Button>
          <Button
            disabled={tapped === null}
            onClick={() => {
              onSave(tapped);
              setOpen(false);
            }}
          >
            {buttons.save}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
