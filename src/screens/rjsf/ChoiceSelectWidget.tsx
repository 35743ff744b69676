import SelectWidget from '@rjsf/mantine/lib/widgets/SelectWidget.js';
import { enumOptionsIndexForValue, labelValue, type WidgetProps } from '@rjsf/utils';
import { useState, type CSSProperties } from 'react';
import { flushSync } from 'react-dom';
import { listKeptMounted } from '../widgets/selectDropdown';
import { InputFrame } from './inputFrame';

const CHEVRON = { '--combobox-chevron-size': 'var(--combobox-chevron-size-sm)' } as CSSProperties;

/**
 * A field with a few fixed choices (a schema's `enum` or `oneOf`: the document's type, the
 * contract's months) as the phone's own select in Mantine's frame (inputFrame.tsx): the phone
 * opens its own picker, the options are plain elements the browser draws, and nothing of
 * Mantine's combobox (its popover, positioning and option list) runs at a step change. Long,
 * searchable lists of data (a country's municipalities, the provider's suburbs) are other
 * widgets (src/screens/widgets). Until a choice is made the select shows its placeholder, which
 * cannot be chosen back, and a choice stays as chosen. Several choices at once (an array) are the
 * theme's multi-select.
 */
export default function ChoiceSelectWidget(props: WidgetProps) {
  if (props.multiple) return <SelectWidget {...props} options={{ ...props.options, comboboxProps: { withinPortal: false, ...listKeptMounted } }} />;
  return <PhoneSelect {...props} />;
}

/**
 * Past this many choices the list is put in the page when the agent reaches for the select
 * (a touch, the focus, a key), before the phone opens its picker; until then the select holds the
 * choice it shows. Three hundred options were three hundred elements made at every step change.
 */
const LONG_LIST = 20;

function PhoneSelect({ id, htmlName, value, required, disabled, readonly, autofocus, label, hideLabel, rawErrors, options, placeholder, onChange, onBlur, onFocus }: WidgetProps) {
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const [reached, setReached] = useState(enumOptions.length <= LONG_LIST);
  // Drawn at once (flushSync), so the options are there when the browser opens its picker.
  const reach = () => {
    if (!reached) flushSync(() => setReached(true));
  };
  // Each option's value in the page: the choice itself when it is a text or a number, else its place.
  const keys = enumOptions.map((option, at) => (typeof option.value === 'string' || typeof option.value === 'number' ? String(option.value) : `#${at}`));
  const index = enumOptionsIndexForValue(value, enumOptions);
  const chosen = typeof index === 'string' ? (keys[Number(index)] ?? '') : '';
  const decode = (key: string): unknown => (key === '' ? emptyValue : enumOptions[keys.indexOf(key)]?.value);
  return (
    <InputFrame
      id={id}
      kind="NativeSelect"
      size="sm"
      label={labelValue(label || undefined, hideLabel, false)}
      required={required}
      withAsterisk={required && options.withAsterisk !== false}
      disabled={disabled || readonly}
      error={rawErrors && rawErrors.length > 0 ? rawErrors.join('\n') : undefined}
      rightSection={
        <svg style={CHEVRON} className="m_2943220b mantine-ComboboxChevron-chevron" data-size="sm" data-combobox-chevron="true" viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">
          <path d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z" fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
        </svg>
      }
    >
      {(look) => (
        <select
          {...look}
          name={htmlName || id}
          value={chosen}
          autoFocus={autofocus}
          onPointerDown={reach}
          onKeyDown={reach}
          onChange={(event) => onChange(decode(event.target.value))}
          onBlur={(event) => onBlur(id, decode(event.target.value))}
          onFocus={(event) => {
            reach();
            onFocus(id, decode(event.target.value));
          }}
        >
          {chosen === '' && (
            <option value="" disabled>
              {placeholder || ''}
            </option>
          )}
          {enumOptions.map((option, at) => (!reached && keys[at] !== chosen ? null : (
            <option key={keys[at]} value={keys[at]} disabled={Array.isArray(enumDisabled) && enumDisabled.includes(option.value)}>
              {option.label}
            </option>
          )))}
        </select>
      )}
    </InputFrame>
  );
}
