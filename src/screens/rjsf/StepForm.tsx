import CheckboxesWidget from '@rjsf/mantine/lib/widgets/CheckboxesWidget.js';
import CheckboxWidget from '@rjsf/mantine/lib/widgets/CheckboxWidget.js';
import PasswordWidget from '@rjsf/mantine/lib/widgets/PasswordWidget.js';
import RadioWidget from '@rjsf/mantine/lib/widgets/RadioWidget.js';
import TextareaWidget from '@rjsf/mantine/lib/widgets/TextareaWidget.js';
import { generateTemplates } from '@rjsf/mantine/lib/templates/index.js';
import { withTheme } from '@rjsf/core';
import { getDefaultFormState, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { DEFAULT_FORM_STATE } from './defaultFormState';

/**
 * rjsf with the Mantine theme, holding only the small theme widgets step files use. The theme's
 * default export brings every widget, the date ones with @mantine/dates and dayjs, into the first
 * screen. The select (Mantine's Combobox, the largest) and the project's own widgets
 * (src/screens/widgets) are loaded with the step that needs them. Text, e-mail and number fields
 * are the theme's input template, so they need no widget here.
 */
export const StepForm = withTheme({
  templates: generateTemplates(),
  widgets: { CheckboxWidget, CheckboxesWidget, PasswordWidget, RadioWidget, TextareaWidget },
});
export default StepForm;

/**
 * The data with the schema's defaults filled in, as the form fills them when it opens (with the
 * same settings: DEFAULT_FORM_STATE). A screen
 * that starts from it gives the form nothing to report as it opens, so it draws once, not twice.
 */
export const withDefaults = (validator: ValidatorType, schema: RJSFSchema, data: Record<string, unknown>) =>
  (getDefaultFormState(validator, schema, data, schema, false, DEFAULT_FORM_STATE) ?? data) as Record<string, unknown>;

