import type { GraphNode, JourneyGraph } from '../../pack/journeyGraph';
import type { JourneyConfig } from '../../pack/journeyTypes';
import { compileJourney } from '../../runtime/compileJourney';
import { computeProgress } from '../../runtime/progress';
import { journeyPaths } from '../paths/journeyPaths';
import type { PathChanges, ProgressChange } from './journeyChange';

/** `n/N` as the app shows it. */
const shown = (progress: { n: number; of: number } | undefined) => (progress ? `${progress.n}/${progress.of}` : undefined);

/**
 * Every step whose progress number differs between the versions (computed as the app computes it,
 * src/runtime/progress.ts), a renamed step compared with its old self. `oldId`: an old state's id
 * in the new version's words.
 */
export function progressChanges(before: JourneyGraph, after: JourneyGraph, oldId: (node: GraphNode) => string): ProgressChange[] {
  const was = new Map([...computeProgress(before)].map(([node, progress]) => [oldId(node), shown(progress)]));
  const now = new Map([...computeProgress(after)].map(([node, progress]) => [node.id, shown(progress)]));
  const changes: ProgressChange[] = [];
  for (const step of new Set([...was.keys(), ...now.keys()])) {
    if (was.get(step) !== now.get(step)) changes.push({ step, before: was.get(step), after: now.get(step) });
  }
  return changes;
}

/** A path as the diff compares it: its name, the states it passes (new version's ids) and its steps in one string. */
interface PathEntry {
  name: string;
  states: Set<string>;
  walk: string;
}

function pathEntries(config: JourneyConfig, idOf: (id: string) => string): PathEntry[] {
  const { paths } = journeyPaths(compileJourney(config));
  return paths.map((path) => {
    const states = [...path.steps.map((step) => idOf(step.stateId)), idOf(path.end.stateId)];
    const walk = JSON.stringify([...path.steps.map((step) => [idOf(step.stateId), step.label, step.event]), idOf(path.end.stateId)]);
    return { name: path.name, states: new Set(states), walk };
  });
}

/** The paths that differ between two versions, each with the states it passes, to tell which change touches it. */
export interface PathDiff {
  /**
   * The changes of the paths passing any of `states` (ids in the new version's words, a state's
   * own and the states below it). For a rename (`move: false`): the paths it renames, and those
   * gone and new; for a move: the paths whose steps change (a renamed one by its new name), and
   * those gone and new, not the renamed ones (a rename's own).
   */
  touching: (states: Set<string>, move: boolean) => PathChanges;
}

/** A path's name with every renamed state's old key put as its new one, word by word (whatever the names' format). */
function renamedName(name: string, keys: Map<string, string>): string {
  return name.replace(/[\p{L}\p{N}_$]+/gu, (word) => keys.get(word) ?? word);
}

/**
 * The paths of `journeys:paths` (src/tools/paths/journeyPaths.ts, named as it names them) that
 * the edit changes: renamed (the same steps under another name, or a name that only a renamed
 * state's key changed), gone, added, and changed (the same path, other steps). `ids`: an old
 * state's id to its new one (renames). Throws when a version cannot be explored (journeys:check
 * would fault it).
 */
export function pathDiff(before: JourneyConfig, after: JourneyConfig, ids: Map<string, string>): PathDiff {
  const old = pathEntries(before, (id) => ids.get(id) ?? id);
  const now = pathEntries(after, (id) => id);
  const nowByName = new Map(now.map((p) => [p.name, p]));
  const oldByName = new Map(old.map((p) => [p.name, p]));
  const keyOf = (id: string) => id.split('.').pop() ?? id;
  const keys = new Map([...ids].filter(([from, to]) => keyOf(from) !== keyOf(to)).map(([from, to]) => [keyOf(from), keyOf(to)]));
  const gone = old.filter((p) => !nowByName.has(p.name));
  const added = now.filter((p) => !oldByName.has(p.name));
  const renamed: Array<{ from: PathEntry; to: PathEntry }> = [];
  for (const p of gone) {
    const free = added.filter((q) => !renamed.some((r) => r.to === q));
    const to = free.find((q) => q.name === renamedName(p.name, keys)) ?? free.find((q) => q.walk === p.walk);
    if (to) renamed.push({ from: p, to });
  }
  // The same path (by name, or renamed) with other steps.
  const same = [...old.filter((p) => nowByName.has(p.name)).map((p) => ({ from: p, to: nowByName.get(p.name) as PathEntry })), ...renamed];
  const changed = same.filter((pair) => pair.from.walk !== pair.to.walk);
  const touching = (states: Set<string>, move: boolean) => {
    const passes = (path: PathEntry) => [...path.states].some((id) => states.has(id));
    const paired = (path: PathEntry) => renamed.some((r) => r.from === path || r.to === path);
    return {
      renamed: move ? [] : renamed.filter((r) => passes(r.from) || passes(r.to)).map((r) => ({ from: r.from.name, to: r.to.name })),
      gone: gone.filter((p) => passes(p) && !paired(p)).map((p) => p.name),
      added: added.filter((p) => passes(p) && !paired(p)).map((p) => p.name),
      changed: move ? changed.filter((pair) => passes(pair.from) || passes(pair.to)).map((pair) => pair.to.name) : [],
    };
  };
  return { touching };
}
