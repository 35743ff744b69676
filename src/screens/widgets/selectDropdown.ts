import type { ComboboxProps } from '@mantine/core';
import { useState } from 'react';

/**
 * A select's list kept in the page (a schema's few choices, and the selects below), for the reason
 * below, and placed against the screen (`position: fixed`), not the page.
 *
 * Why fixed: placed against the page, the list kept its last place while closed, and a phone's
 * Chromium, opening it for a field at the foot of a long page (the sales report's lead, under 20
 * leads), scrolled the page up about 300 px as it focused the field: the field went below the
 * screen and the list was hidden as detached from it. Placed against the screen, nothing moves.
 */
export const listKeptMounted: ComboboxProps = { keepMounted: true, floatingStrategy: 'fixed' };

/**
 * A select's list kept in the page (Mantine's `keepMounted`), and its rows drawn only while it is
 * open: a closed select holds its chosen rows only.
 *
 * Why both: Mantine's list takes its id when it is put in the page, and the field names that id
 * (`aria-controls`) and says it is open (`aria-expanded`) only when it is drawn again. A list put
 * in the page on opening (no `keepMounted`) left the field saying "collapsed" and pointing at no
 * list while it was open, until something drew the field again (issue 30). Drawing every row of a
 * closed select put 300 suburbs in the page at every step change, the slowest part of one on a
 * phone (issue 16): the rows wait for the opening.
 *
 * @example
 * const list = useListWhileOpen(data, value ? [value] : []);
 * <Select {...list} value={value} ... />
 */
export function useListWhileOpen<Row extends { value: string }>(rows: Row[], chosen: readonly string[]) {
  const [open, setOpen] = useState(false);
  return {
    data: open ? rows : rows.filter((row) => chosen.includes(row.value)),
    comboboxProps: listKeptMounted,
    onDropdownOpen: () => setOpen(true),
    onDropdownClose: () => setOpen(false),
  };
}
