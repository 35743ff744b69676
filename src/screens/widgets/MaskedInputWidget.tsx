import { TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { applyMask } from '../../validation/phone';

/** Digits typed into a mask (`ui:options.mask`, `#` a digit): shown masked, kept as digits only. */
export function MaskedInputWidget({ id, value, onChange, options, label, rawErrors, disabled, required, placeholder }: WidgetProps) {
  const mask = String(options.mask ?? '#### ####');
  const digits = typeof value === 'string' ? value : '';
  const max = [...mask].filter((c) => c === '#').length;
  return (
    <TextInput
      id={id}
      label={label}
      required={required}
      disabled={disabled}
      placeholder={placeholder}
      inputMode="numeric"
      leftSection={typeof options.prefix === 'string' ? options.prefix : undefined}
      leftSectionWidth={typeof options.prefix === 'string' ? 56 : undefined}
      value={applyMask(digits, mask)}
      error={rawErrors?.[0]}
      size="md"
      onChange={(event) => {
        const next = event.currentTarget.value.replace(/\D/g, '').slice(0, max);
        onChange(next === '' ? undefined : next);
      }}
    />
  );
}
