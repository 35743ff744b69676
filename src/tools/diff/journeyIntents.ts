import { subtree, type GraphEdge, type GraphNode, type JourneyGraph } from '../../pack/journeyGraph';
import type { JourneyConfig } from '../../pack/journeyTypes';
import { edgeName, edgesByName, targetsOf, type IdOf } from './edgeNames';
import { pathDiff, progressChanges, type PathDiff } from './intentEffects';
import type { IntentEffects, JourneyChange, ProgressChange } from './journeyChange';
import { matchStates } from './stateMatches';
import { movedStates, type StepPlace } from './stepMoves';

/** A transition that leads elsewhere now: the same state, event and guard, another target. */
interface Retarget {
  /** Its names in the old and the new version (as the transition lines name them). */
  was: string;
  now: string;
  source: string;
  oldTargets: string[];
  newTargets: string[];
  line: string;
}

const json = (value: unknown) => JSON.stringify(value ?? null);
const ids = (edge: GraphEdge, idOf: IdOf) => edge.targets.flatMap((t) => (t.node ? [idOf(t.node)] : []));

/** The transitions removed from the old version that the new one has with another target, each paired once. */
function retargets(a: JourneyGraph, b: JourneyGraph, oldId: IdOf): Retarget[] {
  const edgesA = edgesByName(a, oldId);
  const edgesB = edgesByName(b);
  const added = [...edgesB].filter(([name]) => !edgesA.has(name));
  const pairs: Retarget[] = [];
  for (const [was, old] of edgesA) {
    if (edgesB.has(was)) continue;
    const found = added.find(([now, edge]) => !pairs.some((p) => p.now === now) && oldId(old.source) === edge.source.id && old.label === edge.label && json(old.guard) === json(edge.guard));
    if (!found) continue;
    const [now, edge] = found;
    const line = `${edgeName(edge)} (was → ${targetsOf(old, oldId)})`;
    pairs.push({ was, now, source: edge.source.id, oldTargets: ids(old, oldId), newTargets: ids(edge, (n) => n.id), line });
  }
  return pairs;
}

/** A step's neighbours by their keys: `after clauses, before clientSignature`. */
function placeText(place: StepPlace, parent: GraphNode | undefined, withParent: boolean): string {
  const keys = (list: string[]) => list.map((id) => id.split('.').pop()).join(' or ');
  const parts = [withParent && parent ? `in ${parent.id}` : '', place.after.length > 0 ? `after ${keys(place.after)}` : '', place.before.length > 0 ? `before ${keys(place.before)}` : ''];
  return parts.filter(Boolean).join(', ') || 'with no step before or after it';
}

/** What a rename or a move needs to say what it alters. */
interface EffectsInput {
  progress: ProgressChange[];
  paths: PathDiff | string | undefined;
}

/** The effects of a change on the states `states` (new ids): the retargets it explains, progress, paths (src/tools/diff/intentEffects.ts says which). */
function effectsOn(states: Set<string>, folded: Retarget[], { progress, paths }: EffectsInput, move: boolean): IntentEffects {
  return {
    transitions: folded.map((r) => r.line),
    progress,
    ...(typeof paths === 'string' ? { pathsNote: paths } : paths ? { paths: paths.touching(states, move) } : {}),
  };
}

/** The paths of both versions compared, or why they cannot be (a version journeys:check faults). */
function pathsOf(before: JourneyConfig, after: JourneyConfig, ids: Map<string, string>): PathDiff | string {
  try {
    return pathDiff(before, after, ids);
  } catch (error) {
    return `its paths could not be worked out: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * The edit's intents: each state renamed (`renamed`) and each step met at another point of the
 * sale or state under another parent (`moved`), with the transitions retargeted with it (which
 * are then not listed again as removed and added: `folded`), the progress numbers and the paths
 * of `journeys:paths` it changes. `paths: false` leaves the paths out (exploring a journey takes
 * a second or two).
 */
export function intentChanges(before: JourneyConfig, after: JourneyConfig, a: JourneyGraph, b: JourneyGraph, withPaths = true): { changes: JourneyChange[]; folded: Set<string>; oldId: IdOf } {
  const { matches, ids: renamed } = matchStates(a, b);
  const oldId: IdOf = (node) => renamed.get(node.id) ?? node.id;
  const moves = movedStates(a, b, renamed, matches);
  const renames = matches.filter((m) => !moves.some((move) => move.after === m.after));
  if (moves.length === 0 && renames.length === 0) return { changes: [], folded: new Set(), oldId };
  const progress = progressChanges(a, b, oldId);
  const paths = withPaths ? pathsOf(before, after, renamed) : undefined;
  const pairs = retargets(a, b, oldId);
  const folded = new Set<string>();
  const kindOf = (node: GraphNode) => (node.meta.route !== undefined ? 'step' : 'state');
  const changes: JourneyChange[] = [];
  for (const { before: old, after: node } of renames) {
    const states = new Set(subtree(node).map((n) => n.id));
    const own = progress.filter((p) => states.has(p.step));
    changes.push({ kind: kindOf(node), change: 'renamed', where: node.id, from: old.id, state: node.id, effects: effectsOn(states, [], { progress: own, paths }, false) });
  }
  for (const move of moves) {
    const states = new Set(subtree(move.after).map((n) => n.id));
    const mine = pairs.filter((p) => !folded.has(p.was) && (states.has(p.source) || [...p.oldTargets, ...p.newTargets].some((id) => states.has(id))));
    for (const p of mine) folded.add(p.was).add(p.now);
    const withParent = move.before.parent?.id !== undefined && oldId(move.before.parent) !== move.after.parent?.id;
    const detail = `now ${placeText(move.now, move.after.parent, withParent)} (was ${placeText(move.was, move.before.parent, withParent)})`;
    const from = move.before.id !== move.after.id ? { from: move.before.id } : {};
    changes.push({ kind: kindOf(move.after), change: 'moved', where: move.after.id, ...from, detail, state: move.after.id, effects: effectsOn(states, mine, { progress, paths }, true) });
  }
  return { changes, folded, oldId };
}
