import { suggestion } from '../pack/didYouMean';
import { enteredLeaf, resolveTarget, stepNodeOf, type JourneyGraph } from '../pack/journeyGraph';
import { toPointer } from '../pack/jsonPointer';
import { formerTarget, isRestingState } from '../runtime/versionResume';
import type { Problem } from './problem';

/**
 * The journey's `formerStates` (where sales saved in a removed or renamed state resume), checked
 * like any target: each must name a state of this version, and one the agent can wait on (a
 * route, no call of its own: a restored sale does not start a state's calls again). An entry
 * for a state this version still has is never used (its sales resume in place): said, so that a
 * product owner who meant another state finds out before the agents do.
 */
export function lintFormerStates(graph: JourneyGraph): Problem[] {
  const problems: Problem[] = [];
  const ids = [...graph.byId.keys()];
  for (const [oldId, entry] of Object.entries(graph.config.formerStates ?? {})) {
    const at = ['formerStates', oldId];
    const still = graph.byId.get(oldId);
    if (still && isRestingState(still)) {
      problems.push({ pointer: toPointer(at), atName: true, message: `the state "${oldId}" still exists: its sales in progress resume there, and this entry is never used (remove it, or name the state as the older version did)` });
    }
    const node = resolveTarget(graph, graph.root, entry.target);
    if (!node) {
      problems.push({ pointer: toPointer([...at, 'target']), message: `no state "${entry.target}" in this journey${suggestion(entry.target.slice(1), ids).replace('"', '"#')}: sales saved in "${oldId}" would have nowhere to resume` });
      continue;
    }
    if (!formerTarget(graph, entry.target)) {
      const leaf = enteredLeaf(node) ?? node;
      problems.push({
        pointer: toPointer([...at, 'target']),
        message: `"${entry.target}" is not a step the agent can wait on (${leaf.id} ${stepNodeOf(leaf) ? 'calls the provider or waits as it opens' : 'shows no screen'}): a sale restored there would wait for nothing. Name the step before or after it`,
      });
    }
  }
  return problems;
}
