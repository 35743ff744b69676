import type { SnapshotFrom, StateValue } from 'xstate';
import { activeNodes } from '../pack/activeNodes';
import type { Context } from './actions';
import { hashText } from '../pack/hashText';
import { getAt } from '../pack/jsonPointer';
import { buildJourneyGraph, type GraphNode, type JourneyGraph } from '../pack/journeyGraph';
import type { JourneyConfig } from '../pack/journeyTypes';
import { machineConfig } from './machineConfig';
import { journeySetup } from './machineSetup';
import { computeProgress } from './progress';
import { fillRoute } from '../pack/routes';
import { contextPointer } from './scope';
import { stepInfoOf, type StepInfo } from './stepInfo';
import { stepNodes, stepSuccessors } from '../pack/stepLinks';

export { DRAFT_POINTER } from './stepEngine';
export type { StepInfo } from './stepInfo';
export type { EngineEvent, JourneyEvent } from './journeyEvents';

export interface CompiledJourney {
  id: string;
  /** Changes whenever the journey file does; a persisted snapshot of another version is dropped. */
  hash: string;
  config: JourneyConfig;
  graph: JourneyGraph;
  machine: JourneyMachine;
  steps: Map<string, StepInfo>;
}

/** The journey's machine: its config read from the file, run with the engine's guards, actions and stand-in calls. */
function buildMachine(graph: JourneyGraph, steps: Map<string, StepInfo>, successors: ReturnType<typeof stepSuccessors>) {
  return journeySetup(graph).createMachine(machineConfig(graph, successors, steps));
}

export type JourneyMachine = ReturnType<typeof buildMachine>;
export type JourneySnapshot = SnapshotFrom<JourneyMachine>;

/**
 * Compiles a journey file that passed `journeys:check` into an XState machine. Provider calls
 * are placeholders until given with `machine.provide({ actors })`.
 *
 * @example
 * const journey = compileJourney(JSON.parse(text), text);
 * const actor = createActor(journey.machine.provide({ actors })).start();
 */
export function compileJourney(config: JourneyConfig, sourceText = JSON.stringify(config)): CompiledJourney {
  const graph = buildJourneyGraph(config);
  // The step graph, walked once: progress, back navigation and the steps to load ahead use it.
  const successors = stepSuccessors(graph);
  const progress = computeProgress(graph, successors);
  const steps = new Map(stepNodes(graph).map((node) => [node.id, stepInfoOf(node, progress, successors)]));
  const machine = buildMachine(graph, steps, successors);
  return { id: config.id, hash: hashText(sourceText), config, graph, machine, steps };
}

/** The step showing in a snapshot: the innermost active state with a route. */
export function currentStep(journey: CompiledJourney, snapshot: { value: StateValue }): StepInfo | undefined {
  const active = activeNodes(journey.graph, snapshot.value);
  for (let i = active.length - 1; i >= 0; i--) {
    const info = journey.steps.get((active[i] as GraphNode).id);
    if (info) return info;
  }
  return undefined;
}

/** The URL path of a step, its `:params` filled from the context. */
export function routeOf(step: StepInfo, context: Context): string {
  const values = Object.fromEntries(Object.entries(step.params).map(([name, at]) => [name, getAt(context, contextPointer(at))]));
  return fillRoute(step.route, values);
}
