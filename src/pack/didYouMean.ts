/**
 * How far apart two names are as typing goes: insertions, deletions, substitutions, and two
 * neighbouring letters swapped counted as one edit (optimal string alignment). A swap is the
 * commonest slip when a name is typed by hand ("twons" for "towns"), and plain Levenshtein
 * counts it as two, too far to suggest anything for a short name.
 */
function typingDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const above = rows[i - 1] as number[];
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * The closest candidate to a mistyped name, if one is close enough to be a likely typo
 * (at most a third of the name's length apart, and never more than 3 edits).
 *
 * @example didYouMean('adress', ['address', 'map']) // 'address'
 */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = typingDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** `; did you mean "x"?` or nothing: the tail of a problem message. */
export function suggestion(name: string, candidates: Iterable<string>): string {
  const best = didYouMean(name, candidates);
  return best === undefined || best === name ? '' : `; did you mean "${best}"?`;
}
