import type { CSSProperties, ReactNode } from 'react';

/**
 * A field's frame as Mantine's input wrapper draws it (label with its asterisk, description,
 * the input's box with an optional left section, the error), written as plain elements that
 * carry Mantine's own classes and variables, so it looks the same with Mantine's stylesheet
 * and costs none of its components: a step change with a form drew every field through
 * Mantine's style props, hooks and context, about a third of its time at 4x CPU. A Mantine
 * update that renames its classes fails the browser test that checks every Mantine class the
 * built code names is styled (tests/e2e/agentApp.test.ts). The variables Mantine writes inline
 * on each element are rules of ../plainLook.css, by size and data attributes.
 */

export type FieldSize = 'sm' | 'md';

/** What the input inside a frame takes from it: Mantine's classes and the field's ARIA. */
export interface InputLook {
  id: string;
  className: string;
  'data-variant': 'default';
  'data-error'?: true;
  'data-disabled'?: true;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  disabled?: boolean;
  required?: boolean;
}

export interface InputFrameProps {
  id: string;
  /** The component Mantine names in its static classes (TextInput, Textarea, NumberInput). */
  kind: string;
  size: FieldSize;
  label?: ReactNode;
  required?: boolean;
  /** The required field's asterisk (`ui:options.withAsterisk: false` hides it). */
  withAsterisk?: boolean;
  disabled?: boolean;
  description?: ReactNode;
  /** The description under the input (a counter), read aloud as it changes. */
  descriptionBelow?: boolean;
  error?: string;
  /** Text inside the box, before what is typed (a country's phone prefix), and its width in rem. */
  prefix?: { text: string; widthRem: number };
  multiline?: boolean;
  /** Drawn at the box's end, taps going through to the input (a select's chevron). */
  rightSection?: ReactNode;
  children: (look: InputLook) => ReactNode;
}

/** The field's label, with the required field's asterisk; none when it has no label. */
function frameLabel({ id, kind, size, label, withAsterisk }: Pick<InputFrameProps, 'id' | 'kind' | 'size' | 'label' | 'withAsterisk'>): ReactNode {
  if (label === undefined || label === '') return null;
  return (
    <label
      className={`plain-label m_8fdc1311 mantine-InputWrapper-label mantine-${kind}-label`}
      data-size={size}
      data-required={withAsterisk || undefined}
      htmlFor={id}
      id={`${id}-label`}
    >
      {label}
      {withAsterisk && (
        <span className={`m_78a94662 mantine-InputWrapper-required mantine-${kind}-required`} aria-hidden="true">
          {' *'}
        </span>
      )}
    </label>
  );
}

/** The field's description, above the box or under it (`descriptionBelow`: read aloud as it changes). */
function frameDescription({ id, kind, size, description, descriptionBelow }: Pick<InputFrameProps, 'id' | 'kind' | 'size' | 'description' | 'descriptionBelow'>): ReactNode {
  return (
    <p
      className={`plain-description m_fe47ce59 mantine-InputWrapper-description mantine-${kind}-description`}
      data-size={size}
      data-below={descriptionBelow || undefined}
      id={`${id}-description`}
      {...(descriptionBelow ? { 'aria-live': 'polite' as const } : {})}
    >
      {description}
    </p>
  );
}

/** A section drawn inside the box, at its start (a prefix) or its end (a select's chevron). */
function frameSection(kind: string, position: 'left' | 'right', children: ReactNode): ReactNode {
  return (
    <div data-position={position} className={`m_82577fc2 mantine-Input-section mantine-${kind}-section`}>
      {children}
    </div>
  );
}

/** What the input takes from its frame: Mantine's classes, its state and what describes it. */
function inputLook({ id, kind, disabled, required }: Pick<InputFrameProps, 'id' | 'kind' | 'disabled' | 'required'>, hasError: boolean, describedBy: string): InputLook {
  return {
    id,
    className: `m_8fb7ebe7 mantine-Input-input mantine-${kind}-input`,
    'data-variant': 'default',
    ...(hasError ? { 'data-error': true, 'aria-invalid': true } : {}),
    ...(disabled ? { 'data-disabled': true, disabled: true } : {}),
    ...(required ? { required: true } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
}

export function InputFrame(props: InputFrameProps) {
  const { id, kind, size, required, withAsterisk = required, disabled, description, descriptionBelow, error, prefix, multiline, rightSection, children } = props;
  const hasDescription = description !== undefined && description !== null && description !== '';
  const hasError = error !== undefined && error !== '';
  // The box's variables are rules of ../plainLook.css, by its size and data attributes; only a
  // prefix's width, which varies, is written inline.
  const prefixWidth = prefix ? ({ '--input-left-section-width': `calc(${prefix.widthRem}rem * var(--mantine-scale))` } as CSSProperties) : undefined;
  const describedBy = [hasError ? `${id}-error` : '', hasDescription ? `${id}-description` : ''].filter(Boolean).join(' ');
  const descriptionText = hasDescription && frameDescription(props);
  return (
    <div className={`m_46b77525 mantine-InputWrapper-root mantine-${kind}-root`} data-size={size} data-error={hasError || undefined}>
      {frameLabel({ ...props, withAsterisk })}
      {!descriptionBelow && descriptionText}
      <div
        style={prefixWidth}
        className={`plain-box m_6c018570 mantine-Input-wrapper mantine-${kind}-wrapper`}
        data-variant="default"
        data-size={size}
        data-after-description={(hasDescription && !descriptionBelow) || undefined}
        data-before-note={hasError || (hasDescription && descriptionBelow) || undefined}
        data-error={hasError || undefined}
        data-disabled={disabled || undefined}
        data-multiline={multiline || undefined}
        data-with-left-section={prefix ? true : undefined}
        data-pointer={rightSection ? true : undefined}
        data-with-right-section={rightSection ? true : undefined}
      >
        {prefix && frameSection(kind, 'left', prefix.text)}
        {children(inputLook(props, hasError, describedBy))}
        {rightSection && frameSection(kind, 'right', rightSection)}
      </div>
      {descriptionBelow && descriptionText}
      {hasError && (
        <p className={`plain-error m_8f816625 mantine-InputWrapper-error mantine-${kind}-error`} data-size={size} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
