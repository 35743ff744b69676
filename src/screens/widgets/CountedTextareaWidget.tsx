import TextareaWidget from '@rjsf/mantine/lib/widgets/TextareaWidget.js';
import type { WidgetProps } from '@rjsf/utils';

/**
 * The theme's text area, with a count of what is typed against its limit under it ("12 / 255")
 * when its step asks for one (`ui:options.counter`): the agent sees how much room is left.
 */
export default function CountedTextareaWidget(props: WidgetProps) {
  const { counter, ...options } = props.options;
  const limit = typeof options.maxLength === 'number' ? options.maxLength : typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined;
  if (!counter || limit === undefined) return <TextareaWidget {...props} options={options} />;
  const typed = typeof props.value === 'string' ? props.value.length : 0;
  return (
    <TextareaWidget
      {...props}
      options={{ ...options, description: `${typed} / ${limit}`, inputWrapperOrder: ['label', 'input', 'description', 'error'], descriptionProps: { 'aria-live': 'polite', ta: 'right' } }}
    />
  );
}
