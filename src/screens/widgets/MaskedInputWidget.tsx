import type { WidgetProps } from '@rjsf/utils';
import { InputFrame } from '../rjsf/inputFrame';
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
  const frame = { id, kind: 'TextInput', size: 'md' as const, label, required, disabled, error: rawErrors?.[0] };
  if (mask === undefined) {
    return (
      <InputFrame {...frame}>
        {(look) => (
          <input
            {...look}
            placeholder={placeholder}
            value={text}
            maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
            onChange={(event) => onChange(event.currentTarget.value === '' ? undefined : event.currentTarget.value)}
          />
        )}
      </InputFrame>
    );
  }
  const max = [...mask].filter((c) => c === '#').length;
  const prefix = typeof options.prefix === 'string' ? { text: options.prefix, widthRem: 3.5 } : undefined;
  return (
    <InputFrame {...frame} {...(prefix ? { prefix } : {})}>
      {(look) => (
        <input
          {...look}
          inputMode="numeric"
          placeholder={placeholder}
          value={applyMask(text, mask)}
          onChange={(event) => {
            const next = event.currentTarget.value.replace(/\D/g, '').slice(0, max);
            onChange(next === '' ? undefined : next);
          }}
        />
      )}
    </InputFrame>
  );
}
