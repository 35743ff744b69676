import SelectWidget from '@rjsf/mantine/lib/widgets/SelectWidget.js';
import type { WidgetProps } from '@rjsf/utils';
import { dropdownWhileOpen } from '../widgets/selectDropdown';

/**
 * The theme's select, except that choosing the option already chosen keeps it: Mantine's
 * Select empties a field when its own option is chosen again (`allowDeselect`), and an agent
 * who opens a list and taps what it shows would lose the answer without noticing. Its options
 * are drawn only while it is open (widgets/selectDropdown.ts).
 */
export default function ChoiceSelectWidget(props: WidgetProps) {
  // (Its dropdown in the page's flow, as the theme has it, drawn only while open.)
  return <SelectWidget {...props} options={{ ...props.options, allowDeselect: false, comboboxProps: { withinPortal: false, ...dropdownWhileOpen } }} />;
}
