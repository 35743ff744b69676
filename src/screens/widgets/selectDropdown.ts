import type { ComboboxProps } from '@mantine/core';

/**
 * Every select's dropdown drawn only while it is open. Mantine keeps a combobox's options
 * mounted (hidden) by default, so a closed select of 300 suburbs put 300 options in the page at
 * every step change, the slowest part of one on a phone.
 */
export const dropdownWhileOpen: ComboboxProps = { keepMounted: false };
