import SelectWidget from '@rjsf/mantine/lib/widgets/SelectWidget.js';
import type { WidgetProps } from '@rjsf/utils';

/**
 * The theme's select, except that choosing the option already chosen keeps it: Mantine's
 * Select empties a field when its own option is chosen again (`allowDeselect`), and an agent
 * who opens a list and taps what it shows would lose the answer without noticing.
 */
export default function ChoiceSelectWidget(props: WidgetProps) {
  return <SelectWidget {...props} options={{ ...props.options, allowDeselect: false }} />;
}
