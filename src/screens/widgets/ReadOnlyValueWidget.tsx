import { Button, Group, Stack, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { money } from '../money';
import type { StepFormContext } from '../stepFormContext';

/** A choice's title for its value (`"F"` is "Femenino", `"03"` is "Marzo"), else the value. */
function shown(value: unknown, schema: WidgetProps['schema'], asMoney: boolean): string {
  if (value === undefined || value === null || value === '') return '—';
  const choices = (schema.oneOf ?? schema.anyOf ?? []) as Array<{ const?: unknown; title?: string }>;
  const choice = choices.find((c) => typeof c === 'object' && c.const === value);
  if (choice?.title) return choice.title;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (asMoney && typeof value === 'number') return money(value);
  return String(value);
}

/**
 * A value the customer must check and the agent does not type (the installation charge, the
 * names on the contract, what the ID gave): written as text in the page's own colour, not in a
 * greyed-out input. A value read from the ID and locked has its "Editar ..." button beside it,
 * which opens the field for typing (`ui:options.editLabel`).
 */
export function ReadOnlyValueWidget({ id, name, value, label, schema, options, registry, rawErrors }: WidgetProps) {
  const { unlock } = registry.formContext as StepFormContext;
  const editLabel = typeof options.editLabel === 'string' ? options.editLabel : undefined;
  return (
    <Stack gap={2} role="group" aria-labelledby={`${id}-label`}>
      <Text id={`${id}-label`} size="sm" fw={500}>
        {label}
      </Text>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text id={id} size="lg" fw={600} style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }} data-readonly-value>
          {shown(value, schema, options.money === true)}
        </Text>
        {/* "Editar" beside its value; its full name ("Editar nombres") for screen readers. */}
        {editLabel && unlock && (
          <Button variant="light" size="md" style={{ flexShrink: 0 }} aria-label={editLabel} onClick={() => unlock(name)}>
            Editar
          </Button>
        )}
      </Group>
      {rawErrors?.[0] && (
        <Text size="sm" c="red.9" role="alert">
          {rawErrors[0]}
        </Text>
      )}
    </Stack>
  );
}
