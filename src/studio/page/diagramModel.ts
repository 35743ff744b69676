/**
 * The journey as the studio draws it, read by the engine (buildJourneyGraph, computeProgress,
 * activeNodes): one box per state, one line per transition's target, and which states the
 * checker's problems and the live app point at. Framework-free, so it is tested without a page.
 */
import { activeNodes } from '../../pack/activeNodes';
import { buildJourneyGraph, type GraphNode, type JourneyGraph } from '../../pack/journeyGraph';
import type { BackPolicy, JourneyConfig, NamedRef } from '../../pack/journeyTypes';
import type { LocatedProblem } from '../../checker/problem';
import { computeProgress } from '../../runtime/progress';
import type { StateValue } from 'xstate';

export interface StateBox {
  /** The state's full id (`<journey>.signedIn.home`): what the studio's tests and the live app name it by. */
  id: string;
  key: string;
  /** The id of the state it sits in (none for the journey itself). */
  parentId: string | undefined;
  /** JSON Pointer of the state in the file. */
  pointer: string;
  compound: boolean;
  final: boolean;
  /** Its step's address, when it shows a step. */
  route: string | undefined;
  /** The step screen it shows. */
  step: string | undefined;
  /** `n/N` as the agent sees it, when the step shows progress. */
  progress: string | undefined;
  /** What the browser's back button does on the step (the engine's default: allow). */
  back: BackPolicy | undefined;
  /** Whether this state is the journey's or its parent's initial state. */
  initial: boolean;
  /** The provider calls and services it invokes (their `src`), in file order. */
  calls: string[];
  /** How many states are directly inside it. */
  childCount: number;
}

export interface TransitionLine {
  id: string;
  source: string;
  target: string;
  /** The event as the file names it (`step.submit`, `done api.sales`, `after 5000`, `always`). */
  event: string;
  guard: string | undefined;
  /** Event and guard, as the line is labelled. */
  label: string;
  pointer: string;
}

export interface DiagramModel {
  graph: JourneyGraph;
  states: StateBox[];
  transitions: TransitionLine[];
}

const refName = (ref: NamedRef | undefined) => (ref === undefined ? undefined : typeof ref === 'string' ? ref : ref.type);

export function diagramModel(config: JourneyConfig): DiagramModel {
  const graph = buildJourneyGraph(config);
  const progress = computeProgress(graph);
  const states = graph.nodes.map((node): StateBox => {
    const shown = progress.get(node);
    return {
      id: node.id,
      key: node.key,
      parentId: node.parent?.id,
      pointer: node.pointer,
      compound: node.children.length > 0,
      final: node.config.type === 'final',
      route: node.meta.route,
      step: node.meta.step,
      progress: shown ? `${shown.n}/${shown.of}` : undefined,
      back: node.meta.route !== undefined ? (node.meta.back ?? 'allow') : node.meta.back,
      initial: node.parent !== undefined && node.parent.config.initial === node.key,
      calls: graph.invokes.filter((i) => i.node === node).map((i) => i.invoke.src),
      childCount: node.children.length,
    };
  });
  const transitions: TransitionLine[] = [];
  for (const edge of graph.edges) {
    edge.targets.forEach((target, i) => {
      // A target that names no state is the checker's problem, shown on its source state; no line.
      if (!target.node) return;
      const guard = refName(edge.guard);
      transitions.push({
        id: `${edge.pointer}#${i}`,
        source: edge.source.id,
        target: target.node.id,
        event: edge.label,
        guard,
        label: guard ? `${edge.label} [${guard}]` : edge.label,
        pointer: edge.pointer,
      });
    });
  }
  return { graph, states, transitions };
}

/** The innermost state whose part of the file holds `pointer` (the journey itself for the rest). */
export function stateAt(graph: JourneyGraph, pointer: string): GraphNode {
  let found = graph.root;
  for (const node of graph.nodes) {
    if ((pointer === node.pointer || pointer.startsWith(`${node.pointer}/`)) && node.pointer.length > found.pointer.length) found = node;
  }
  return found;
}

/** The journey file's problems by the state they point into; other files' problems are in the list only. */
export function problemsByState(graph: JourneyGraph, file: string, problems: readonly LocatedProblem[]): Map<string, LocatedProblem[]> {
  const byState = new Map<string, LocatedProblem[]>();
  for (const problem of problems) {
    if (problem.file !== file) continue;
    const id = stateAt(graph, problem.pointer).id;
    byState.set(id, [...(byState.get(id) ?? []), problem]);
  }
  return byState;
}

/** The states a snapshot's value makes active: the innermost (where the app is) and the ones around it. */
export function liveStates(graph: JourneyGraph, value: StateValue): { current: string | undefined; around: string[] } {
  const active = activeNodes(graph, value);
  const current = active.length > 1 ? active[active.length - 1] : undefined;
  return { current: current?.id, around: active.slice(0, -1).map((node) => node.id) };
}
