import { homeNodeOf } from '../pack/homeNode';
import { cloneJson } from '../pack/jsonPointer';
import { asList, invokeIdOf, type GraphNode, type JourneyGraph } from '../pack/journeyGraph';
import type { InvokeConfig, StateConfig, TransitionConfig } from '../pack/journeyTypes';
import { stepPredecessors } from '../pack/stepLinks';
import type { Context } from './actions';
import { evaluateInputMap } from './inputMap';
import type { JourneyEvent } from './journeyEvents';
import type { JourneySetup } from './machineSetup';
import { backTo, backWithoutRoute, enterStep, leaveStep, saveDraft } from './stepEngine';
import type { StepInfo, StepSuccessors } from './stepInfo';

/** The XState config of a journey, and of one of its states, as its setup types them. */
export type JourneyMachineConfig = Parameters<JourneySetup['createMachine']>[0];
type StateNode = NonNullable<JourneyMachineConfig['states']>[string];
type Transitions = NonNullable<StateNode['on']>[string];

/** The input of an invoked actor: its input map evaluated when the call starts (see inputMap.ts). */
function inputMapper(input: InvokeConfig['input']) {
  return ({ context, event }: { context: Context; event: JourneyEvent }) => evaluateInputMap(input ?? {}, { context, event });
}

/** A state's calls, each named by its id and given its input as the call starts (none: undefined). */
function invokesOf(node: GraphNode): StateNode['invoke'] {
  const invokes = asList(node.config.invoke).map((invoke) => ({ ...cloneJson(invoke), id: invokeIdOf(invoke), input: inputMapper(invoke.input) }));
  if (invokes.length === 0) return undefined;
  return Array.isArray(node.config.invoke) ? invokes : invokes[0];
}

/** Browser back on a step, as transitions decided by its policy. */
function backTransitions(graph: JourneyGraph, node: GraphNode, predecessors: GraphNode[]): Transitions {
  const policy = node.meta.back ?? 'allow';
  // An explicit policy wins; a history reset only takes away the steps before this one.
  if (policy === 'block') return [{}];
  if (policy === 'home') {
    const home = homeNodeOf(graph);
    return home ? [{ target: `#${home.id}` }] : [{}];
  }
  // Back from a step shown without a session never enters one behind it: every way from a
  // private step to a public one ends the session (logout, a 401, idle), and back would reopen
  // the wiped sale, or sign out again.
  const before = node.meta.public ? predecessors.filter((p) => p.meta.public) : predecessors;
  if (before.length === 0 || node.meta.history === 'reset') return [{}];
  return [
    ...before.map((p) => ({ guard: backTo([p.meta.route as string, ...(p.meta.aliases ?? [])]), target: `#${p.id}` })),
    { guard: backWithoutRoute, target: `#${(before[0] as GraphNode).id}` },
    {},
  ];
}

/** What the engine owns on a step (stepEngine.ts): its entry and exit, browser back by its policy, its draft. */
function stepParts(graph: JourneyGraph, node: GraphNode, info: StepInfo, predecessors: GraphNode[]): Pick<StateNode, 'entry' | 'exit' | 'on'> {
  const { entry, exit, on } = node.config;
  return {
    entry: [...asList(entry), enterStep(graph.id, info)],
    exit: [leaveStep, ...asList(exit)],
    on: {
      ...cloneJson(on ?? {}),
      'nav.back': backTransitions(graph, node, predecessors),
      // What is typed or captured on a step, kept while the step shows (a reload shows it again).
      'step.draft': { actions: saveDraft(node.id) },
    },
  };
}

/**
 * What XState reads of a journey file's state as it is written (copied: the machine shares no
 * object with the file). The rest is rewritten: `meta` copied, `states` one by one, `invoke`
 * given inputs, a step's `entry`, `exit` and `on` given the engine's own; the root's `$schema`
 * and `version` are the file's, not XState's.
 */
function ownConfig({ type, id, description, initial, on, always, after, entry, exit, tags }: StateConfig) {
  return cloneJson({ type, id, description, initial, on, always, after: after && delayed(after), entry, exit, tags });
}

/**
 * A state's delayed transitions as XState reads them: a target written as a string in a list
 * given as `{ target }` (XState takes a string as a delay's whole transition, not in a list).
 */
function delayed(after: Record<string, TransitionConfig>) {
  return Object.fromEntries(Object.entries(after).map(([delay, to]) => [delay, Array.isArray(to) ? to.map((one) => (typeof one === 'string' ? { target: one } : one)) : to]));
}

/** The journey's steps: each one's info, and the steps before it (where browser back goes). */
interface Steps {
  info: Map<string, StepInfo>;
  predecessors: Map<GraphNode, GraphNode[]>;
}

/** A state of the journey file as XState's: its own config, its calls given their inputs, and on a step what the engine owns. */
function stateNodeOf(graph: JourneyGraph, node: GraphNode, steps: Steps): StateNode {
  const out: StateNode = ownConfig(node.config);
  if (node.config.meta) out.meta = cloneJson(node.config.meta);
  if (node.children.length > 0) out.states = Object.fromEntries(node.children.map((child) => [child.key, stateNodeOf(graph, child, steps)]));
  const invoke = invokesOf(node);
  if (invoke) out.invoke = invoke;
  const info = steps.info.get(node.id);
  return info ? { ...out, ...stepParts(graph, node, info, steps.predecessors.get(node) ?? []) } : out;
}

/** The XState config: the journey's own, plus what the engine owns on every step. */
export function machineConfig(graph: JourneyGraph, successors: StepSuccessors, info: Map<string, StepInfo>): JourneyMachineConfig {
  const root = stateNodeOf(graph, graph.root, { info, predecessors: stepPredecessors(graph, successors) });
  return { ...root, id: graph.id, context: graph.config.context ?? {} };
}
