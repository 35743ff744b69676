import CheckboxesWidget from '@rjsf/mantine/lib/widgets/CheckboxesWidget.js';
import { generateTemplates } from '@rjsf/mantine/lib/templates/index.js';
import { withTheme, type FormProps } from '@rjsf/core';
import type Form from '@rjsf/core';
import { getDefaultFormState, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import type { ComponentType, RefAttributes } from 'react';
import CountedTextareaWidget from '../widgets/CountedTextareaWidget';
import { DEFAULT_FORM_STATE } from './defaultFormState';
import { groupTemplates } from './groupTemplates';
import { plainTemplates } from './plainTemplates';
import { CheckboxWidget, RadioWidget } from './toggleWidgets';

/**
 * rjsf for a step's form. The fields step files use are drawn as plain elements with Mantine's
 * classes (plainTemplates, toggleWidgets, CountedTextareaWidget: the same look, none of
 * Mantine's components per field; a list of objects is a repeatable group: groupTemplates); the
 * Mantine theme's templates stay for the shapes no step uses yet (additional properties). Text, e-mail, password and number fields are the
 * input template, so they need no widget here. The select (Mantine's Combobox) and the
 * project's other widgets (src/screens/widgets) are loaded with the step that needs them.
 * Its type says it takes a ref to the Form (the step screen asks it to check its fields):
 * withTheme's component forwards its ref, which its declared type leaves out.
 */
export const StepForm: ComponentType<FormProps & RefAttributes<Form>> = withTheme({
  templates: { ...generateTemplates(), ...plainTemplates, ...groupTemplates },
  widgets: { CheckboxWidget, CheckboxesWidget, RadioWidget, TextareaWidget: CountedTextareaWidget },
});
export default StepForm;

/**
 * The data with the schema's defaults filled in, as the form fills them when it opens (with the
 * same settings: DEFAULT_FORM_STATE). A screen
 * that starts from it gives the form nothing to report as it opens, so it draws once, not twice.
 */
export function withDefaults(validator: ValidatorType, schema: RJSFSchema, data: Record<string, unknown>): Record<string, unknown> {
  const known = worked.get(schema);
  if (known && known.validator === validator && sameValues(known.data, data)) return known.filled;
  // rjsf types what it fills in as the data or a list of it (an array schema's); a step's schema is an object.
  const filled = (getDefaultFormState(validator, schema, data, schema, false, DEFAULT_FORM_STATE) ?? data) as Record<string, unknown>;
  worked.set(schema, { validator, data, filled });
  return filled;
}

/**
 * The last data filled in for each step's schema: the next screen, drawn ahead in idle time
 * (StepStage), fills in the same data as the step change that then shows it, and rjsf walks
 * the whole schema to do it (a 300-choice list included). Screens treat the data as immutable.
 */
const worked = new WeakMap<object, { validator: ValidatorType; data: Record<string, unknown>; filled: Record<string, unknown> }>();

const sameValues = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]));
};
