import { Group, Radio } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';

/** AM / PM for the chosen date (spec 4: morning before 12:00, afternoon after). */
export function TimeSlotsWidget({ id, value, onChange, options, label, rawErrors, required }: WidgetProps) {
  const choices = (options.enumOptions ?? []) as Array<{ value: unknown; label: string }>;
  return (
    <Radio.Group id={id} label={label} required={required} error={rawErrors?.[0]} value={typeof value === 'string' ? value : ''} onChange={(next) => onChange(next)}>
      <Group mt="xs">
        {choices.map((choice) => (
          <Radio key={String(choice.value)} value={String(choice.value)} label={choice.label} size="md" />
        ))}
      </Group>
    </Radio.Group>
  );
}
