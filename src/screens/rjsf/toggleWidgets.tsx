import {
  descriptionId,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  enumOptionsIndexForValue,
  getOptionValueFormat,
  getTemplate,
  labelValue,
  optionId,
  type WidgetProps,
} from '@rjsf/utils';
import type { ReactNode } from 'react';

/**
 * A step's check box and radio buttons as Mantine draws them at the theme's size (md, each row a
 * 44 px tap target: src/app/theme.ts), written as plain elements with Mantine's classes (see
 * inputFrame.tsx for why). Their sizes and variables are rules of ../plainLook.css.
 */

/** One row: the box (or circle), its label and its error, as Mantine's inline inputs lay them out. */
function ToggleRow({ kind, rootClass, innerClass, inputClass, checked, id, error, children, label }: {
  kind: 'Checkbox' | 'Radio';
  rootClass: string;
  innerClass: string;
  inputClass: string;
  checked: boolean;
  id: string;
  error?: string;
  label: ReactNode;
  children: (className: string) => ReactNode;
}) {
  return (
    <div className={`plain-toggle ${rootClass} mantine-${kind}-root m_5f75b09e mantine-${kind}-root`} data-kind={kind} data-size="md" data-label-position="right" data-checked={checked || undefined} {...(kind === 'Checkbox' ? { 'data-variant': 'filled' } : {})}>
      <div className={`plain-toggle-body m_5f6e695e mantine-${kind}-body`}>
        <div className={`${innerClass} mantine-${kind}-inner`} data-label-position="right">
          {children(`mantine-focus-auto ${inputClass} mantine-${kind}-${kind === 'Checkbox' ? 'input' : 'radio'}`)}
          {kind === 'Checkbox' ? (
            <svg viewBox="0 0 10 7" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" className="m_bf295423 mantine-Checkbox-icon">
              <path d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z" fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
            </svg>
          ) : (
            <svg xmlns="http://www.w3.org/2000/svg" fill="none" viewBox="0 0 5 5" aria-hidden="true" className="m_f3ed6b2b mantine-Radio-icon">
              <circle cx="2.5" cy="2.5" r="2.5" fill="currentColor" />
            </svg>
          )}
        </div>
        <div className={`plain-toggle-label-wrapper m_d3ea56bb mantine-${kind}-labelWrapper`}>
          {label !== undefined && label !== '' && (
            <label className={`plain-toggle-label m_8ee546b8 mantine-${kind}-label`} htmlFor={id}>
              {label}
            </label>
          )}
          {error && (
            <p className={`plain-error m_8e8a99cc mantine-${kind}-error m_8f816625 mantine-InputWrapper-error`} data-size="md" id={`${id}-error`}>
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** A yes/no field (a consent), its description above it as the theme has it. */
export function CheckboxWidget({ id, name, htmlName, value, required, disabled, readonly, autofocus, label, hideLabel, schema, rawErrors, options, onChange, onBlur, onFocus, registry, uiSchema }: WidgetProps) {
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, options);
  const description = (options.description as string | undefined) ?? schema.description;
  const checked = value === true || value === 'true';
  const error = rawErrors && rawErrors.length > 0 ? rawErrors.join('\n') : undefined;
  return (
    <>
      {!hideLabel && !!description && <DescriptionFieldTemplate id={descriptionId(id)} description={description} schema={schema} uiSchema={uiSchema} registry={registry} />}
      <ToggleRow kind="Checkbox" rootClass="m_bf2d988c" innerClass="m_26062bec" inputClass="m_26063560" checked={checked} id={id} error={error} label={labelValue(label || undefined, hideLabel, false)}>
        {(className) => (
          <input
            className={className}
            data-error={error ? true : undefined}
            data-with-error-styles="true"
            id={id}
            name={htmlName || name}
            type="checkbox"
            checked={checked}
            required={required}
            disabled={disabled || readonly}
            autoFocus={autofocus}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => !disabled && !readonly && onChange(event.currentTarget.checked)}
            onBlur={(event) => onBlur(id, event.target.checked)}
            onFocus={(event) => onFocus(id, event.target.checked)}
          />
        )}
      </ToggleRow>
    </>
  );
}

/** One choice of a few, each a row to tap (`ui:options.inline`: side by side). */
export function RadioWidget({ id, htmlName, value, required, disabled, readonly, autofocus, label, hideLabel, rawErrors, options, onChange, onBlur, onFocus }: WidgetProps) {
  const { enumOptions, enumDisabled, inline, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const selected = enumOptionsIndexForValue(value, enumOptions);
  const decode = (raw: string) => enumOptionValueDecoder(raw, enumOptions, format, emptyValue);
  const error = rawErrors && rawErrors.length > 0 ? rawErrors.join('\n') : undefined;
  const title = labelValue(label || undefined, hideLabel, false);
  return (
    <div className="m_46b77525 mantine-InputWrapper-root mantine-RadioGroup-root" data-error={error ? true : undefined} id={id}>
      {title !== undefined && title !== '' && (
        <div className="plain-label m_8fdc1311 mantine-InputWrapper-label mantine-RadioGroup-label" data-size="sm" data-required={required || undefined} id={`${id}-label`}>
          {title}
          {required && (
            <span className="m_78a94662 mantine-InputWrapper-required mantine-RadioGroup-required" aria-hidden="true">
              {' *'}
            </span>
          )}
        </div>
      )}
      <div role="radiogroup" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
        <div className="plain-choices m_8bffd616 mantine-Flex-root" data-inline={inline === true || undefined}>
          {(enumOptions ?? []).map((option, index) => {
            const encoded = enumOptionValueEncoder(option.value, index, format);
            const checked = selected !== undefined && String(selected) === String(index);
            const optionDisabled = Array.isArray(enumDisabled) && enumDisabled.includes(option.value);
            return (
              <ToggleRow key={String(option.value)} kind="Radio" rootClass="m_f3f1af94" innerClass="m_89c4f5e4" inputClass="m_8a3dbb89" checked={checked} id={optionId(id, index)} label={option.label}>
                {(className) => (
                  <input
                    className={className}
                    data-with-error-styles="true"
                    id={optionId(id, index)}
                    type="radio"
                    name={htmlName || id}
                    value={encoded}
                    checked={checked}
                    disabled={disabled || readonly || optionDisabled}
                    autoFocus={index === 0 && autofocus}
                    onChange={() => !disabled && !readonly && onChange(decode(encoded))}
                    onBlur={(event) => onBlur(id, decode(event.target.value))}
                    onFocus={(event) => onFocus(id, decode(event.target.value))}
                  />
                )}
              </ToggleRow>
            );
          })}
        </div>
      </div>
      {error && (
        <p className="plain-error m_8f816625 mantine-InputWrapper-error mantine-RadioGroup-error" data-size="sm" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
