import { Input, PinInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';

/** A PIN or one-time code typed digit by digit, numeric keyboard; `ui:options.length`, `secret`. */
export function PinInputWidget({ id, value, onChange, options, label, rawErrors, disabled, autofocus }: WidgetProps) {
  const length = Number(options.length ?? 6);
  return (
    <Input.Wrapper label={label} error={rawErrors?.[0]} id={id}>
      <PinInput
        id={id}
        length={length}
        type="number"
        inputMode="numeric"
        mask={options.secret === true}
        oneTimeCode
        autoFocus={autofocus}
        disabled={disabled}
        value={typeof value === 'string' ? value : ''}
        onChange={(next) => onChange(next === '' ? undefined : next)}
        size="lg"
        aria-label={label}
      />
    </Input.Wrapper>
  );
}
