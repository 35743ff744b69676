import { RichDescription, RichHelp, SchemaExamples } from '@rjsf/core';
import {
  descriptionId,
  examplesId,
  getInputProps,
  getTemplate,
  getUiOptions,
  helpId,
  labelValue,
  titleId,
  type DescriptionFieldProps,
  type FieldHelpProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type TemplatesType,
  type TitleFieldProps,
  type WidgetProps,
} from '@rjsf/utils';
import { Fragment, useState, type ChangeEvent, type FocusEvent } from 'react';
import { InputFrame } from './inputFrame';

/**
 * rjsf's templates for a step's form, drawn as plain elements with Mantine's classes
 * (inputFrame.tsx): the same look as the Mantine theme's templates, without a Mantine component
 * per field. Errors show in each field's frame, as the theme shows them.
 */

/** A text or number field with no widget of its own: BaseInputTemplate's frame and nothing else that takes a place (an `examples` datalist is not shown). */
const drawnByInputTemplate = (schema: FieldTemplateProps['schema'], uiSchema: FieldTemplateProps['uiSchema']) =>
  (schema.type === 'string' || schema.type === 'number' || schema.type === 'integer') &&
  (schema.format === undefined || schema.format === 'email') &&
  schema.enum === undefined &&
  schema.oneOf === undefined &&
  schema.anyOf === undefined &&
  uiSchema?.['ui:widget'] === undefined &&
  uiSchema?.['ui:field'] === undefined;

/**
 * A field: what its widget draws, then its help (errors are in the widget's frame). A field drawn
 * as one element (an object's template, the input template's frame) has no box around it: every
 * element of a step is made, styled and laid out again at each step change.
 */
function FieldTemplate({ classNames, style, children, help, rawHelp, hidden, schema, uiSchema }: FieldTemplateProps) {
  if (hidden) return <div style={{ display: 'none' }}>{children}</div>;
  if (!rawHelp && !style && (schema.type === 'object' || drawnByInputTemplate(schema, uiSchema))) return children;
  return (
    <div className={classNames} style={style}>
      {children}
      {help}
    </div>
  );
}

function ObjectFieldTemplate({ title, description, properties, required, schema, uiSchema, fieldPathId, registry }: ObjectFieldTemplateProps) {
  const options = getUiOptions(uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, options);
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, options);
  // Each field is a cell of the column: its frame, or FieldTemplate's box around it.
  const column = properties.filter((property) => !property.hidden).map((property) => <Fragment key={property.name}>{property.content}</Fragment>);
  // The fields one under the other, Mantine's spacing between them (the theme's one-column grid: `plain-fields` in ../plainLook.css).
  if (!title && !description) return <div id={fieldPathId.$id} className="plain-fields">{column}</div>;
  return (
    <div id={fieldPathId.$id}>
      {title && <TitleFieldTemplate id={titleId(fieldPathId)} title={title} required={required} schema={schema} uiSchema={uiSchema} registry={registry} />}
      {description && <DescriptionFieldTemplate id={descriptionId(fieldPathId)} description={description} schema={schema} uiSchema={uiSchema} registry={registry} />}
      <div className="plain-fields">{column}</div>
    </div>
  );
}

function TitleFieldTemplate({ id, title }: TitleFieldProps) {
  return title ? (
    <h3 id={id} className="plain-subtitle m_8a5d1357 mantine-Title-root" data-order="3">
      {title}
    </h3>
  ) : null;
}

function DescriptionFieldTemplate({ id, description, registry, uiSchema }: DescriptionFieldProps) {
  return description ? (
    <p id={id} className="plain-group-description mantine-focus-auto m_b6d8b162 mantine-Text-root">
      <RichDescription description={description} registry={registry} uiSchema={uiSchema} />
    </p>
  ) : null;
}

function FieldHelpTemplate({ fieldPathId, help, uiSchema, registry }: FieldHelpProps) {
  return help ? (
    <p id={helpId(fieldPathId)} className="plain-help mantine-focus-auto m_b6d8b162 mantine-Text-root" data-size="sm">
      <RichHelp help={help} registry={registry} uiSchema={uiSchema} />
    </p>
  ) : null;
}

/** Errors show in the field's own frame (its widget's `rawErrors`), not in a list apart. */
function FieldErrorTemplate() {
  return null;
}

/** What a number field shows while typed: the digits and one decimal mark. */
const NUMBER_TEXT = /^-?\d*(?:[.,]\d*)?$/;

/**
 * Text, e-mail, telephone, password and number fields: a plain input in Mantine's frame. A number
 * keeps what is typed as text until it reads as a number ("12." on the way to "12.5"), then
 * reports the number, as Mantine's number input does; it takes no letters.
 */
function BaseInputTemplate(props: WidgetProps) {
  const { id, htmlName, type, schema, value, placeholder, required, disabled, readonly, autofocus, label, hideLabel, onChange, onChangeOverride, onBlur, onFocus, options, rawErrors, children } = props;
  const inputProps = getInputProps(schema, type, options, false);
  const isNumber = inputProps.type === 'number' || inputProps.type === 'integer';
  const description = hideLabel ? undefined : ((options.description as string | undefined) ?? schema.description);
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const report = onChangeOverride ?? onChange;
  const shown = isNumber ? (typed !== undefined && Number(typed.replace(',', '.')) === value ? typed : value === undefined || value === null ? (typed ?? '') : String(value)) : (value ?? '');
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    if (!isNumber) return report(text === '' ? options.emptyValue : text);
    if (!NUMBER_TEXT.test(text)) return;
    setTyped(text);
    const number = Number(text.replace(',', '.'));
    if (text === '' || text === '-') report(options.emptyValue);
    else if (Number.isFinite(number) && !/[.,]$/.test(text)) report(number);
  };
  const maxLength = typeof options.maxLength === 'number' ? options.maxLength : undefined;
  // (A number's min, max and step mean nothing to a text input: the validator checks the range.)
  const { type: inputType, min: _min, max: _max, step: _step, ...rest } = inputProps; // eslint-disable-line @typescript-eslint/no-unused-vars
  return (
    <>
      <InputFrame id={id} kind={isNumber ? 'NumberInput' : 'TextInput'} size="sm" label={labelValue(label || undefined, hideLabel, false)} required={required} withAsterisk={required && options.withAsterisk !== false} disabled={disabled || readonly} description={description} error={rawErrors && rawErrors.length > 0 ? rawErrors.join('\n') : undefined}>
        {(look) => (
          <input
            {...look}
            {...rest}
            type={isNumber ? 'text' : inputType}
            {...(isNumber ? { inputMode: 'decimal' as const } : {})}
            name={htmlName || id}
            value={shown as string}
            placeholder={placeholder}
            autoFocus={autofocus}
            maxLength={maxLength}
            list={schema.examples ? examplesId(id) : undefined}
            onChange={readonly ? undefined : change}
            onBlur={readonly ? undefined : (event: FocusEvent<HTMLInputElement>) => onBlur(id, event.target.value)}
            onFocus={readonly ? undefined : (event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value)}
          />
        )}
      </InputFrame>
      {children}
      <SchemaExamples id={id} schema={schema} />
    </>
  );
}

/** The templates a step's form draws with (the rest are rjsf's own, for shapes steps do not use). */
export const plainTemplates: Partial<TemplatesType> = {
  BaseInputTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  TitleFieldTemplate,
};
