import { getAt } from '../pack/jsonPointer';

/** Which rows of the journey's data a `journeySelect` offers (`ui:options.rows`, docs/steps.md). */
export interface JourneyRowsOption {
  /** Where the list of rows is in the journey's data (a /context pointer). */
  at: string;
  /** The row key whose value the field keeps. */
  value: string;
  /** Only the rows whose key holds one of these values. */
  only?: Record<string, unknown[]>;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * The rows a `journeySelect` offers now, each with the value the field keeps of it: the rows of
 * the journey's list that hold one of the `only` values (a report's leads that can still be
 * cancelled); undefined while the journey holds no list there (the rows are still coming).
 *
 * @example offeredRows({ at: '/context/report/leads', value: 'id', only: { status: ['REQUESTED'] } }, journeyData) // [{ value: 'L-1502', row: {...} }]
 */
export function offeredRows(option: JourneyRowsOption, journeyData: Record<string, unknown>): Array<{ value: string; row: Record<string, unknown> }> | undefined {
  const listed = getAt({ context: journeyData }, option.at);
  if (!Array.isArray(listed)) return undefined;
  const rows = listed.filter((row): row is Record<string, unknown> => row !== null && typeof row === 'object');
  const fits = (row: Record<string, unknown>) => Object.entries(option.only ?? {}).every(([key, values]) => values.includes(row[key]));
  return rows
    .filter(fits)
    .map((row) => ({ value: text(row[option.value]), row }))
    .filter(({ value }) => value !== '');
}
