import { labelValue, type WidgetProps } from '@rjsf/utils';
import { InputFrame } from '../rjsf/inputFrame';

/**
 * A text area in Mantine's frame (rjsf/inputFrame.tsx), with a count of what is typed against
 * its limit under it ("12 / 255") when its step asks for one (`ui:options.counter`): the agent
 * sees how much room is left.
 */
export default function CountedTextareaWidget({ id, name, htmlName, value, placeholder, required, disabled, readonly, autofocus, label, hideLabel, rawErrors, options, schema, onChange, onBlur, onFocus }: WidgetProps) {
  const limit = typeof options.maxLength === 'number' ? options.maxLength : typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const text = typeof value === 'string' ? value : '';
  const counted = options.counter === true && limit !== undefined;
  return (
    <InputFrame
      id={id}
      kind="Textarea"
      size="sm"
      multiline
      label={labelValue(label || undefined, hideLabel, false)}
      required={required}
      withAsterisk={required && options.withAsterisk !== false}
      disabled={disabled || readonly}
      description={counted ? `${text.length} / ${limit}` : undefined}
      descriptionBelow={counted}
      error={rawErrors && rawErrors.length > 0 ? rawErrors.join('\n') : undefined}
    >
      {(look) => (
        <textarea
          {...look}
          name={htmlName || name}
          value={text}
          placeholder={placeholder || undefined}
          autoFocus={autofocus}
          rows={typeof options.rows === 'number' ? options.rows : undefined}
          maxLength={typeof options.maxLength === 'number' ? options.maxLength : undefined}
          onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
          onBlur={(event) => onBlur(id, event.target.value)}
          onFocus={(event) => onFocus(id, event.target.value)}
        />
      )}
    </InputFrame>
  );
}
