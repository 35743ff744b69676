/** Medians with their spread over runs, and the table cells that show them. */

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Nearest rank, as the shared harness and `npm run bench:app` take it. */
export const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

/** A measure over runs: each run's value, their median and their range. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

export function spread(runs: number[]): Spread | undefined {
  const values = runs.filter((v) => Number.isFinite(v));
  if (values.length === 0) return undefined;
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values };
}

/** `72 (65–80)`: the median and, when the runs differ, their range; `digits` after the point. */
export function cell(value: Spread | undefined, digits = 0): string {
  if (!value) return '–';
  const f = (n: number) => n.toFixed(digits);
  return f(value.min) === f(value.max) ? f(value.median) : `${f(value.median)} (${f(value.min)}–${f(value.max)})`;
}

export const ratio = (ours: Spread | undefined, theirs: Spread | undefined): number | undefined =>
  ours && theirs && theirs.median > 0 ? ours.median / theirs.median : undefined;

export const ratioCell = (value: number | undefined): string => (value === undefined ? '–' : value.toFixed(2));
