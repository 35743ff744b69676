import { resolveShape, unresolvedWords, type Shape } from './contextShape';
import { suggestion } from '../pack/didYouMean';
import { isContext } from './pointerSites';
import { pointerSegments, toPointer } from '../pack/jsonPointer';
import type { Problem } from './problem';

/** The input terms that go over the entries of a list or an object and read `of` inside each. */
const OVER_ENTRIES = ['first', 'sum'] as const;

/**
 * Where an input's `of` (the pointer inside each entry of `first` and `sum`) leaves the entries'
 * declared shape: `{"first": "/context/sale/selection", "of": "/plnId"}` would be sent without its
 * value, and a widget whose call reads it is never asked (issue 30: the add-ons' list said
 * "Sin adicionales" and made no call). Entries whose shape is not declared (an event's free data
 * kept as it came) are not checked: nothing says what they hold.
 *
 * @example
 * entryPointerProblems(input, '/states/.../invoke/input', root) // [{ pointer: '.../planId/of', message: 'the journey\'s data has no "plnId" in /context/sale/selection/…; did you mean "planId"?' }]
 */
export function entryPointerProblems(value: unknown, pointer: string, root: Shape): Problem[] {
  const problems: Problem[] = [];
  const visit = (v: unknown, at: string) => {
    if (Array.isArray(v)) {
      v.forEach((item, i) => visit(item, `${at}/${i}`));
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const term = v as Record<string, unknown>;
    for (const keyword of OVER_ENTRIES) {
      const over = term[keyword];
      const of = term.of;
      // An `of` that is no pointer is the input check's to report (a term's options are checked there).
      if (!isContext(over) || typeof of !== 'string' || !of.startsWith('/')) continue;
      const found = resolveShape(root, pointerSegments(over).slice(1));
      if (!found.ok) continue; // the pointer itself is the data check's to report
      const entry = found.shape.anyKey ?? found.shape.items;
      if (!entry || entry.open || found.shape.open) continue;
      const where = keyword === 'first' && term.where !== null && typeof term.where === 'object' ? Object.keys(term.where) : [];
      for (const key of where) {
        const keyFound = resolveShape(entry, [key]);
        if (keyFound.ok) continue;
        const { kind, words } = unresolvedWords(`${over}/…`, [key], keyFound, (name, keys) => suggestion(name, keys));
        problems.push({ pointer: `${at}/where${toPointer([key])}`, message: kind === 'value' ? `in the journey's data, ${words}` : `the journey's data has ${words}` });
      }
      const segments = pointerSegments(of);
      const inside = resolveShape(entry, segments);
      if (inside.ok) continue;
      // Written as the other data checks say it, the entry as "…": no "plnId" in /context/sale/selection/….
      const { kind, words } = unresolvedWords(`${over}/…`, segments, inside, (name, keys) => suggestion(name, keys));
      problems.push({ pointer: `${at}/of`, message: kind === 'value' ? `in the journey's data, ${words}` : `the journey's data has ${words}` });
    }
    for (const [key, child] of Object.entries(term)) if (key !== 'value') visit(child, `${at}${toPointer([key])}`);
  };
  visit(value, pointer);
  return problems;
}
