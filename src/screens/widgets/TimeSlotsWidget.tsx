import { Group, Radio, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect } from 'react';
import { getAt } from '../../pack/jsonPointer';
import { journeyOptionsOf, type StepFormContext } from '../stepFormContext';

/** A provider's appointment: `hour` is HH:MM on a 24-hour clock. */
interface Appointment {
  date?: string;
  hour?: string;
}

/** AM for a slot starting before 12:00, PM from 12:00 on (spec 4). */
export function periodOf(hour: string | undefined): 'AM' | 'PM' | undefined {
  const match = /^(\d{1,2}):\d{2}/.exec(hour ?? '');
  if (!match) return undefined;
  return Number(match[1]) < 12 ? 'AM' : 'PM';
}

/**
 * AM / PM for the chosen date, each offered only when the provider has a slot in it
 * (`ui:options.slotsAt`, a /context pointer to where the journey keeps the provider's slots; the
 * date field named by `dependsOn`; the step schema requires both). Until a date is chosen there
 * is nothing to offer.
 */
export function TimeSlotsWidget(props: WidgetProps) {
  const { id, value, onChange, options, label, rawErrors, required, registry } = props;
  const { journeyData, formData } = registry.formContext as StepFormContext;
  const journey = journeyOptionsOf(props);
  const choices = (options.enumOptions ?? []) as Array<{ value: unknown; label: string }>;
  const dateField = Array.isArray(journey.dependsOn) ? String(journey.dependsOn[0]) : undefined;
  const date = dateField === undefined ? undefined : formData[dateField];
  const slotsAt = typeof journey.slotsAt === 'string' ? journey.slotsAt : undefined;
  const kept = (slotsAt === undefined ? undefined : getAt({ context: journeyData }, slotsAt)) as { OptionalAppointments?: Appointment[] } | undefined;
  const slots = (kept?.OptionalAppointments ?? []).filter(
    (slot) => slot.date === undefined || slot.date === date,
  );
  const open = new Set(slots.map((slot) => periodOf(slot.hour)));
  const chosen = typeof value === 'string' ? value : '';
  // A period chosen for another date may not be free on this one: the agent chooses again.
  const taken = chosen !== '' && !open.has(chosen as 'AM' | 'PM');
  useEffect(() => {
    if (taken) onChange(undefined);
  }, [taken]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the choice stops being free
  return (
    <Radio.Group id={id} label={label} required={required} error={rawErrors?.[0]} value={chosen} onChange={(next) => onChange(next)}>
      <Group mt="xs">
        {choices.map((choice) => {
          const free = open.has(String(choice.value) as 'AM' | 'PM');
          const dated = typeof date === 'string' && date !== '';
          return <Radio key={String(choice.value)} value={String(choice.value)} label={free || !dated ? choice.label : `${choice.label}: sin horarios`} disabled={!free} size="md" />;
        })}
      </Group>
      {typeof date === 'string' && date !== '' && open.size === 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          No hay horarios disponibles para esta fecha, elige otra.
        </Text>
      )}
    </Radio.Group>
  );
}
