import { Input, PinInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';

/**
 * A PIN or one-time code typed digit by digit, numeric keyboard; `ui:options.length`, `secret`.
 * Each box is named by the field's label and its place ("PIN, 1 de 8", as the page's own first
 * screen names them: src/app/firstScreen.ts); Mantine would name every one "PinInput". With an
 * error shown, every box is marked wrong and described by it.
 */
export function PinInputWidget({ id, value, onChange, options, label, rawErrors, disabled, autofocus }: WidgetProps) {
  const length = Number(options.length ?? 6);
  const name = label || 'Código';
  const error = rawErrors?.[0];
  return (
    <Input.Wrapper label={label} error={error} id={id}>
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
        error={Boolean(error)}
        aria-label={name}
        getInputProps={(index) => ({
          'aria-label': `${name}, ${index + 1} de ${length}`,
          // Input.Wrapper's error element (`<id>-error`), which the boxes are not told of by Mantine.
          ...(error ? { 'aria-describedby': `${id}-error` } : {}),
        })}
      />
    </Input.Wrapper>
  );
}
