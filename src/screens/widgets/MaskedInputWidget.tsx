import { TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { applyMask } from '../../validation/phone';
import type { StepFormContext } from '../stepFormContext';

/** A mask that follows another field of the form: the mask of that field's value (`ui:options.maskBy`). */
interface MaskBy {
  field: string;
  masks: Record<string, string>;
}

/**
 * Digits typed into a mask (`ui:options.mask`, `#` a digit): shown masked, kept as digits only.
 * With `maskBy`, the mask is the one of another field's value (a document number masked for the
 * identity card only); a value with no mask is typed free, as a text of the field's length.
 */
export function MaskedInputWidget({ id, value, onChange, options, label, rawErrors, disabled, required, placeholder, schema, registry }: WidgetProps) {
  const by = options.maskBy as MaskBy | undefined;
  const formData = (registry.formContext as StepFormContext | undefined)?.formData ?? {};
  const mask = by ? by.masks[String(formData[by.field] ?? '')] : String(options.mask ?? '#### ####');
  const text = typeof value === 'string' ? value : '';
  const common = { id, label, required, disabled, placeholder, error: rawErrors?.[0], size: 'md' as const };
  if (mask === undefined) {
    return (
      <TextInput
        {...common}
        value={text}
        maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
        onChange={(event) => onChange(event.currentTarget.value === '' ? undefined : event.currentTarget.value)}
      />
    );
  }
  const max = [...mask].filter((c) => c === '#').length;
  return (
    <TextInput
      {...common}
      inputMode="numeric"
      leftSection={typeof options.prefix === 'string' ? options.prefix : undefined}
      leftSectionWidth={typeof options.prefix === 'string' ? 56 : undefined}
      value={applyMask(text, mask)}
      onChange={(event) => {
        const next = event.currentTarget.value.replace(/\D/g, '').slice(0, max);
        onChange(next === '' ? undefined : next);
      }}
    />
  );
}
