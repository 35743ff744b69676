/**
 * An order of a journey's explored snapshots and moves that the order of a state's events in the
 * journey file does not decide. xstate's adjacency map lists each snapshot's moves in the order
 * the file lists the state's events (and so finds snapshots in that order too): a walk that took
 * the first of two equally short ways took another way, ended elsewhere and so was named
 * otherwise when two events of a state changed places in the file. Here a tie goes to the event's
 * type; between moves of one type (a call's answers, a form's examples) to the order of that
 * event's branches, which decides what the journey does (the first whose guard passes) and which
 * moving the state's events about leaves as it is: a call's first answer listed, its success,
 * is still the one a path goes on with.
 */

/** A move between two snapshots (by their keys), by an event. */
interface AnyMove {
  from: string;
  to: string;
  event: { type: string };
}

/** By code units, not by locale: the same order on every machine. */
const textOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each snapshot's moves, by the snapshot they leave, in the order given. */
function movesOutOf<M extends AnyMove>(moves: M[]): Map<string, M[]> {
  const out = new Map<string, M[]>();
  for (const move of moves) {
    const list = out.get(move.from);
    if (list) list.push(move);
    else out.set(move.from, [move]);
  }
  return out;
}

/**
 * The snapshots ranked breadth first from `start` over `moves`, and a comparison of moves: by the
 * rank of the snapshot they leave, then by their event's type, then as `moves` lists them (for
 * one snapshot and one type, xstate's adjacency map lists them in the order of the event's
 * branches and of their examples). Breadth first, as xstate's adjacency map finds them, so a
 * snapshot ranks as near the start as before; only snapshots as near as each other may be
 * ordered otherwise.
 *
 * @example
 * const { keys, compare } = moveOrder(explored.start, allMoves);
 * const settled = [...settledMoves].sort(compare); // the same whatever the order of the states' events
 */
export function moveOrder<M extends AnyMove>(start: string, moves: M[]): { keys: string[]; compare: (a: M, b: M) => number } {
  const listed = new Map(moves.map((move, index) => [move, index]));
  const byEvent = (a: M, b: M) => textOrder(a.event.type, b.event.type) || (listed.get(a) ?? 0) - (listed.get(b) ?? 0);
  const outOf = movesOutOf(moves);
  const rank = new Map([[start, 0]]);
  for (let frontier = [start]; frontier.length > 0; ) {
    frontier = frontier.flatMap((key) =>
      [...(outOf.get(key) ?? [])].sort(byEvent).flatMap((move) => {
        if (rank.has(move.to)) return [];
        rank.set(move.to, rank.size);
        return [move.to];
      }),
    );
  }
  const rankOf = (key: string) => rank.get(key) ?? Number.MAX_SAFE_INTEGER;
  return { keys: [...rank.keys()], compare: (a, b) => rankOf(a.from) - rankOf(b.from) || byEvent(a, b) };
}
