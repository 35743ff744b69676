import CheckboxesWidget from '@rjsf/mantine/lib/widgets/CheckboxesWidget.js';
import CheckboxWidget from '@rjsf/mantine/lib/widgets/CheckboxWidget.js';
import PasswordWidget from '@rjsf/mantine/lib/widgets/PasswordWidget.js';
import RadioWidget from '@rjsf/mantine/lib/widgets/RadioWidget.js';
import TextareaWidget from '@rjsf/mantine/lib/widgets/TextareaWidget.js';
import { generateTemplates } from '@rjsf/mantine/lib/templates/index.js';
import { withTheme } from '@rjsf/core';

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
