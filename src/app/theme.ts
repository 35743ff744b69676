import { createTheme, rem, type CSSVariablesResolver, type ExtendComponent, type FactoryPayload, type MantineThemeComponent } from '@mantine/core';
import type {
  ActionIconFactory,
  BurgerFactory,
  ButtonFactory,
  CheckboxFactory,
  CloseButtonFactory,
  ComboboxFactory,
  InputFactory,
  MultiSelectFactory,
  NavLinkFactory,
  NumberInputFactory,
  PinInputFactory,
  RadioFactory,
  SegmentedControlFactory,
  SelectFactory,
  SwitchFactory,
  TabsFactory,
} from '@mantine/core';

/**
 * A component's theme entry, typed as its own `Component.extend` types it (Mantine's `extend` is
 * the identity): by its factory's type, not by importing the component, which would put every
 * component themed here (selects, number inputs, tabs...) into the entry chunk, whether or not a
 * screen of the sale draws one.
 */
const extend = <Payload extends FactoryPayload>(input: ExtendComponent<Payload>) => input as MantineThemeComponent;

/**
 * The smallest tap target, 44 x 44 CSS px (WCAG 2.2 2.5.5, AAA; 2.5.8's 24 px is the floor):
 * agents tap in the street, on a phone, often with a thumb.
 */
export const TAP_TARGET = rem(44);

/** Whether a component's `size` is one of Mantine's below 44 px (xs to md, the default sm included); lg and xl are left as they are. */
const belowTarget = (size: unknown) => size === undefined || ['xs', 'sm', 'md'].includes(String(size)) || String(size).startsWith('compact-');

/** 44 px for the sizes below it, else Mantine's own (an undefined var is left to the component). */
const atLeastTarget = (size: unknown) => (belowTarget(size) ? TAP_TARGET : undefined);

/** A select's option: a row at least 44 px tall. */
const optionRow = { minHeight: TAP_TARGET, display: 'flex', alignItems: 'center' } as const;

/** A component's props, for its size. */
interface Sized {
  size?: unknown;
}

/** A select's list: at most five rows tall, scrolled by the list itself. */
const listScroll = { maxHeight: rem(220), overflowY: 'auto' } as const;

/** A checkbox's or radio's row: the box and its label, the label at least 44 px tall and the box centred on its first line. */
const toggleRow = {
  body: { alignItems: 'center' },
  labelWrapper: { minHeight: TAP_TARGET, justifyContent: 'center' },
  label: { minHeight: TAP_TARGET, display: 'flex', alignItems: 'center' },
} as const;

/**
 * The calendar's days, the month's arrows and title, months and years at least 44 px: 7 days of
 * 44 px fit a 390 px phone's dialog. A date component styles its parts under its own name (or the
 * field's that opens it), so the same vars are given to each name.
 */
const calendarVars = (_t: unknown, props: Sized) => ({
  day: { '--day-size': atLeastTarget(props.size) },
  calendarHeader: { '--dch-control-size': atLeastTarget(props.size) },
  pickerControl: { '--dpc-size': atLeastTarget(props.size) },
});
const calendarTargets = Object.fromEntries(
  ['Day', 'Month', 'Calendar', 'CalendarHeader', 'PickerControl', 'MonthsList', 'YearsList', 'MonthLevel', 'YearLevel', 'DecadeLevel', 'MonthLevelGroup', 'YearLevelGroup', 'DecadeLevelGroup', 'LevelsGroup', 'DatePicker', 'DatePickerInput', 'DateInput', 'DateTimePicker', 'MonthPicker', 'MonthPickerInput', 'YearPicker', 'YearPickerInput'].map((name) => [name, { vars: calendarVars }]),
);

/**
 * The app's look where Mantine's defaults fail an agent in the street (WCAG 2.2 AA): the primary
 * blue one shade darker, so white on it and it on white reach 4.5:1 (Mantine's blue.6 gives
 * 3.55:1), and text Mantine greys out (help, descriptions, prefixes such as "+503") in a grey that
 * reaches 4.5:1 on white (gray.6 gives 3.3:1), and errors in red.9 (red.6 gives 3.28:1).
 *
 * And every control one taps at least 44 x 44 px (WCAG 2.5.5; measured on every screen of both
 * countries' sales at 390 x 844 by tests/support/tapTargets.ts): buttons, text fields, selects and
 * their options, tabs, segmented controls, action icons, the burger, close buttons, the
 * calendar's days and arrows, and PIN boxes (shrunk to fit the row, never below 44 px at 390 px).
 * A checkbox or radio is a 24 px box beside its label: the label toggles it, so the target is the
 * row (box and label, which touch), made at least 44 px tall. NumberInput's spinner arrows (24 x
 * 17) are hidden: a phone's numeric keyboard types the number. The map libraries' controls are
 * sized in tapTargets.css.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  components: {
    Button: extend<ButtonFactory>({ vars: (_t, props) => ({ root: { '--button-height': atLeastTarget(props.size) } }) }),
    ActionIcon: extend<ActionIconFactory>({
      vars: (_t, props) => ({ root: { '--ai-size': belowTarget(props.size) || props.size === 'lg' ? TAP_TARGET : undefined } }),
    }),
    CloseButton: extend<CloseButtonFactory>({ vars: () => ({ root: { '--cb-size': TAP_TARGET } }) }),
    Burger: extend<BurgerFactory>({
      styles: { root: { width: TAP_TARGET, height: TAP_TARGET, padding: `calc((${TAP_TARGET} - var(--burger-size)) / 2)` } },
    }),
    // Text fields, selects, date fields (each is an Input inside).
    Input: extend<InputFactory>({ vars: (_t, props) => ({ wrapper: { '--input-height': atLeastTarget(props.size) } }) }),
    NumberInput: extend<NumberInputFactory>({ defaultProps: { hideControls: true } }),
    // A select's options (a combobox's styles go by the name of the select that opens it); a
    // multi-select's typing field fills its box (44 px with its border), which is what is tapped.
    // The list scrolls itself, not Mantine's ScrollArea inside it: a screen reader and a keyboard
    // reach the options through the field (the list is its popup), while a ScrollArea's viewport
    // is a scrolling region no key reaches (axe: scrollable-region-focusable, WCAG 2.1.1).
    Combobox: extend<ComboboxFactory>({ styles: { option: optionRow, options: listScroll } }),
    ...Object.fromEntries(['Select', 'Autocomplete'].map((name) => [name, extend<SelectFactory>({ defaultProps: { withScrollArea: false }, styles: { option: optionRow, options: listScroll } })])),
    ...Object.fromEntries(['MultiSelect', 'TagsInput'].map((name) => [name, extend<MultiSelectFactory>({ defaultProps: { withScrollArea: false }, styles: { option: optionRow, options: listScroll, input: { paddingBlock: 0 }, inputField: { height: TAP_TARGET } } })])),
    Checkbox: extend<CheckboxFactory>({ defaultProps: { size: 'md' }, styles: toggleRow }),
    Radio: extend<RadioFactory>({ defaultProps: { size: 'md' }, styles: toggleRow }),
    Switch: extend<SwitchFactory>({ defaultProps: { size: 'md' }, styles: { body: toggleRow.body, label: toggleRow.label } }),
    SegmentedControl: extend<SegmentedControlFactory>({ styles: { label: { minHeight: TAP_TARGET, display: 'flex', alignItems: 'center', justifyContent: 'center' } } }),
    Tabs: extend<TabsFactory>({ styles: { tab: { minHeight: TAP_TARGET } } }),
    NavLink: extend<NavLinkFactory>({ styles: { root: { minHeight: TAP_TARGET } } }),
    // A PIN's boxes (8 at most) fit a 390 px phone at 44 px each: the gap (12 px at most) leaves each box 44 px of the row.
    PinInput: extend<PinInputFactory>({
      defaultProps: { size: 'lg' },
      styles: (_t, props) => {
        const length = Math.max(2, Number(props.length ?? 4));
        return {
          root: { columnGap: `clamp(0px, calc((100% - ${length} * ${TAP_TARGET}) / ${length - 1}), ${rem(12)})` },
          pinInput: { minWidth: 0 },
        };
      },
    }),
    // The calendar (@mantine/dates; by name, not imported: it loads with the date step only).
    ...calendarTargets,
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] as string,
    '--mantine-color-placeholder': t.colors.gray[7] as string,
    // Errors (a field's message, its text and border once invalid) in a red that reaches 4.5:1 on
    // white (5.5:1) and on the page's light grey: Mantine's red.6 gives 3.28:1.
    '--mantine-color-error': t.colors.red[9] as string,
  },
  dark: {},
});
