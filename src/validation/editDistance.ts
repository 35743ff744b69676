/**
 * Levenshtein distance between two strings: the fewest single-character insertions, deletions
 * or substitutions that turn `a` into `b`. Used to compare the DUI read from the rear of the ID
 * with the one read from the front (spec section 4: at most 2 apart), and to suggest names.
 *
 * @example editDistance('046448482', '046448488') // 1
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] as number;
}
