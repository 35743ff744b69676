import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom, type StateValue } from 'xstate';
import { activeNodes } from '../pack/activeNodes';
import { actions as actionSpecs, MESSAGE_POINTER, type ActionEnv, type Context } from './actions';
import type { JourneyEmitted } from './emitted';
import { guards as guardSpecs } from './guards';
import { hashText } from '../pack/hashText';
import { homeNodeOf } from '../pack/homeNode';
import { evaluateInputMap } from './inputMap';
import { cloneJson, getAt, setAt } from '../pack/jsonPointer';
import { asList, buildJourneyGraph, invokeIdOf, type GraphNode, type JourneyGraph } from '../pack/journeyGraph';
import type { BackPolicy, InvokeConfig, JourneyConfig, JsonValue, StateConfig } from '../pack/journeyTypes';
import { computeProgress, type Progress } from './progress';
import { fillRoute, routeMatches } from '../pack/routes';
import { contextPointer, type Scope } from './scope';
import { stepNodes, stepPredecessors, stepSuccessors } from '../pack/stepLinks';

type StepSuccessors = ReturnType<typeof stepSuccessors>;

/** Everything the shell needs to know about a step, whatever journey it comes from. */
export interface StepInfo {
  stateId: string;
  route: string;
  aliases: string[];
  params: Record<string, string>;
  step: string | undefined;
  progress: Progress | undefined;
  back: BackPolicy;
  track: string | undefined;
  public: boolean;
  end: boolean;
  history: 'push' | 'reset';
  /** The step screens the agent may see next, the main line first: what the shell loads ahead. */
  next: string[];
  /** The states of those steps (`stateId` and step), the main line first: what the shell draws ahead. */
  nextStates: Array<{ stateId: string; step: string }>;
}

/**
 * Where the current step's draft is kept: `{ stateId, data }`, what the agent typed or captured
 * and has not submitted yet. Part of the journey's snapshot, so it survives a reload; cleared
 * when the step is left, and by a journey's `reset`.
 */
export const DRAFT_POINTER = '/context/ui/draft';

/** Events every journey understands besides its own: browser back, with the path it goes to; a step's draft. */
export type EngineEvent = { type: 'nav.back' | 'step.draft'; route?: string; data?: unknown };

/** Events sent to a journey: its own (`step.submit` with `data`, ...) and the engine's. */
export type JourneyEvent = EngineEvent | ({ type: string } & Record<string, unknown>);

export interface CompiledJourney {
  id: string;
  /** Changes whenever the journey file does; a persisted snapshot of another version is dropped. */
  hash: string;
  config: JourneyConfig;
  graph: JourneyGraph;
  machine: JourneyMachine;
  steps: Map<string, StepInfo>;
}

function stepInfoOf(node: GraphNode, progress: Map<GraphNode, Progress>, successors: StepSuccessors): StepInfo {
  const meta = node.meta;
  const nextStates = [...(successors.get(node) ?? [])]
    .sort(([, a], [, b]) => a - b)
    .flatMap(([to]) => (to.meta.step === undefined ? [] : [{ stateId: to.id, step: to.meta.step }]));
  return {
    stateId: node.id,
    route: meta.route as string,
    aliases: meta.aliases ?? [],
    params: meta.params ?? {},
    step: meta.step,
    progress: progress.get(node),
    back: meta.back ?? 'allow',
    track: meta.track,
    public: meta.public === true,
    end: meta.end === true,
    history: meta.history ?? 'push',
    next: [...new Set(nextStates.map((to) => to.step))],
    nextStates,
  };
}

function scopeOf(context: Context, event: { type: string }): Scope {
  return { context, event: event as Scope['event'] };
}

/** The input of an invoked actor: its input map evaluated when the call starts (see inputMap.ts). */
function inputMapper(input: InvokeConfig['input']) {
  return ({ context, event }: { context: Context; event: { type: string } }) => evaluateInputMap(input ?? {}, scopeOf(context, event));
}

/** Browser back on a step, as transitions decided by its policy. */
function backTransitions(graph: JourneyGraph, node: GraphNode, predecessors: GraphNode[]) {
  const policy = node.meta.back ?? 'allow';
  // An explicit policy wins; a history reset only takes away the steps before this one.
  if (policy === 'block') return [{}];
  if (policy === 'home') {
    const home = homeNodeOf(graph);
    return home ? [{ target: `#${home.id}` }] : [{}];
  }
  if (predecessors.length === 0 || node.meta.history === 'reset') return [{}];
  return [
    ...predecessors.map((p) => ({
      guard: { type: '$backTo', params: { routes: [p.meta.route, ...(p.meta.aliases ?? [])] } },
      target: `#${p.id}`,
    })),
    { guard: '$backWithoutRoute', target: `#${(predecessors[0] as GraphNode).id}` },
    {},
  ];
}

/** The XState config: the journey's own, plus what the engine owns on every step. */
function machineConfig(graph: JourneyGraph, successors: StepSuccessors): StateConfig & { id: string; context: JsonValue } {
  const predecessors = stepPredecessors(graph, successors);
  const rewrite = (node: GraphNode): Record<string, unknown> => {
    const { meta, ...rest } = node.config;
    const out: Record<string, unknown> = { ...cloneJson(rest as Record<string, JsonValue>) };
    delete out.states;
    if (meta) out.meta = cloneJson(meta as Record<string, JsonValue>);
    if (node.children.length > 0) {
      out.states = Object.fromEntries(node.children.map((child) => [child.key, rewrite(child)]));
    }
    const invokes = asList(node.config.invoke);
    if (invokes.length > 0) {
      const rewritten = invokes.map((invoke) => ({ ...cloneJson(invoke as unknown as Record<string, JsonValue>), id: invokeIdOf(invoke), input: inputMapper(invoke.input) }));
      out.invoke = Array.isArray(node.config.invoke) ? rewritten : rewritten[0];
    }
    if (node.meta.route !== undefined) {
      out.entry = [...asList(node.config.entry), { type: '$enterStep', params: { stateId: node.id } }];
      out.exit = [{ type: '$leaveStep' }, ...asList(node.config.exit)];
      out.on = {
        ...(out.on as object),
        'nav.back': backTransitions(graph, node, predecessors.get(node) ?? []),
        // What is typed or captured on a step, kept while the step shows (a reload shows it again).
        'step.draft': { actions: { type: '$saveDraft', params: { stateId: node.id } } },
      };
    }
    return out;
  };
  const root = rewrite(graph.root);
  delete root.$schema;
  delete root.version;
  return { ...root, id: graph.id, context: (graph.config.context ?? {}) as JsonValue } as StateConfig & { id: string; context: JsonValue };
}

function buildMachine(graph: JourneyGraph, steps: Map<string, StepInfo>, successors: StepSuccessors) {
  const env: ActionEnv = { journey: graph.id, initialContext: (graph.config.context ?? {}) as Context };

  const guards = Object.fromEntries(
    Object.entries(guardSpecs).map(([name, spec]) => [
      name,
      ({ context, event }: { context: Context; event: { type: string } }, params: unknown) =>
        spec.test(scopeOf(context, event), (params ?? {}) as Record<string, unknown>),
    ]),
  );

  const actions = Object.fromEntries(
    Object.entries(actionSpecs).map(([name, spec]) => [
      name,
      enqueueActions(({ context, event, enqueue }, params: unknown) => {
        const p = (params ?? {}) as Record<string, unknown>;
        const update = spec.update;
        if (update) enqueue.assign(({ context: now, event: ev }) => update(scopeOf(now as Context, ev), p, env));
        for (const emitted of spec.emit?.(scopeOf(context as Context, event), p, env) ?? []) enqueue.emit(emitted);
      }),
    ]),
  );

  // A stand-in for each actor the journey invokes (its country's calls are given by the api layer).
  const actors = Object.fromEntries(
    [...new Set(graph.invokes.map(({ invoke }) => invoke.src))].map((name) => [
      name,
      fromPromise<unknown, Record<string, unknown>>(async () => {
        throw new Error(`${name} is not provided: give it with machine.provide({ actors })`);
      }),
    ]),
  );

  return setup({
    types: {
      context: {} as Context,
      events: {} as JourneyEvent,
      emitted: {} as JourneyEmitted,
    },
    guards: {
      ...guards,
      $backTo: ({ event }: { event: JourneyEvent }, params: { routes: string[] }) =>
        typeof event.route === 'string' && params.routes.some((r) => routeMatches(r, event.route as string)),
      $backWithoutRoute: ({ event }: { event: JourneyEvent }) => event.route === undefined,
    },
    actions: {
      ...actions,
      $enterStep: enqueueActions(({ enqueue }, params: { stateId: string }) => {
        const info = steps.get(params.stateId) as StepInfo;
        enqueue.emit({ type: 'step.entered', journey: graph.id, stateId: info.stateId, route: info.route, ...(info.track ? { track: info.track } : {}) });
        if (info.end) enqueue.emit({ type: 'flow.ended', journey: graph.id, stateId: info.stateId });
      }),
      // A message, and a draft, belong to the step they were shown on.
      $leaveStep: assign(({ context }) => {
        let next = context;
        for (const pointer of [MESSAGE_POINTER, DRAFT_POINTER]) {
          if (getAt(next, contextPointer(pointer)) != null) next = setAt(next, contextPointer(pointer), null);
        }
        return next;
      }),
      $saveDraft: assign(({ context, event }, params: { stateId: string }) =>
        setAt(context, contextPointer(DRAFT_POINTER), { stateId: params.stateId, data: (event as { data?: unknown }).data ?? null } as JsonValue),
      ),
    },
    actors,
  }).createMachine(machineConfig(graph, successors) as never);
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

