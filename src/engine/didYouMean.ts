import { editDistance } from '../validation/editDistance';

/**
 * The closest candidate to a mistyped name, if one is close enough to be a likely typo
 * (at most a third of the name's length apart, and never more than 3 edits).
 *
 * @example didYouMean('stret', ['street', 'city']) // 'street'
 */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
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
