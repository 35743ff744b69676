/**
 * The journey's data for the step previews with the provider's answers in it (issue #37): each
 * call the journey makes (`invoke` of `api.<operation>`), in the file's order, asked of the
 * studio's sandbox (previewSandbox.ts) with its input read from the data so far, and its answer
 * written where the journey writes it: the actions of the first `onDone` branch whose guard
 * holds, then those of the first `always` branch of the state it leads to (the network type of a
 * coverage). So the offers step lists the seed's offers for the seed's node at the sample point,
 * not the one offer of the journey's example. A call that fails keeps the example's data.
 */
import type { CallOutcome } from '../../../api/apiError';
import { buildJourneyGraph, type GraphEdge, type GraphNode } from '../../../pack/journeyGraph';
import type { JourneyConfig, JsonObject, NamedRef } from '../../../pack/journeyTypes';
import { bindAction } from '../../../runtime/actions';
import { evaluateGuard } from '../../../runtime/guards';
import { evaluateInputMap, fillSessionValues } from '../../../runtime/inputMap';
import type { JourneyEvent } from '../../../runtime/journeyEvents';
import type { Scope } from '../../../runtime/scope';
import type { PreviewAnswer } from '../../panelApi';
import type { PreviewCaller } from './previewSandbox';

type Data = Record<string, unknown>;

/** The actions that write a call's answer into the journey's data (not its messages, tracking or resets). */
const WRITING = new Set(['assign', 'save']);

/** Whether a branch's guard holds (a guard that cannot be tested here does not). */
function holds(edge: GraphEdge, scope: Scope): boolean {
  try {
    return edge.guard === undefined || evaluateGuard(edge.guard, scope);
  } catch {
    return false;
  }
}

/** The journey's data after a branch's writing actions. */
function applied(actions: NamedRef[], scope: Scope, config: JourneyConfig): Data {
  let context = scope.context;
  for (const action of actions) {
    const [name, params] = typeof action === 'string' ? [action, {}] : [action.type, (action.params ?? {}) as JsonObject];
    if (!WRITING.has(name)) continue;
    try {
      const update = bindAction(name, params, { journey: config.id ?? '', initialContext: (config.context ?? {}) as Data }).update;
      if (update) context = update({ context, event: scope.event });
    } catch {
      // An action this data cannot take (a pointer into what the example lacks) leaves it as it was.
    }
  }
  return context;
}

/** The journey's data once a call's answer went where the journey takes it. */
function afterAnswer(graph: ReturnType<typeof buildJourneyGraph>, node: GraphNode, id: string, data: unknown, context: Data): Data {
  const event = { type: `xstate.done.actor.${id}`, output: data } as unknown as JourneyEvent;
  const done = (graph.outgoing.get(node) ?? []).filter((edge) => edge.kind === 'done' && edge.invoke?.id === id);
  const taken = done.find((edge) => holds(edge, { context, event }));
  if (!taken) return context;
  let next = applied(taken.actions, { context, event }, graph.config);
  const target = taken.targets[0]?.node;
  const always = target ? (graph.outgoing.get(target) ?? []).filter((edge) => edge.kind === 'always') : [];
  const then = always.find((edge) => holds(edge, { context: next, event }));
  if (then) next = applied(then.actions, { context: next, event }, graph.config);
  return next;
}

/**
 * The journey's data `given` with every provider call's answer laid over it, and what each call
 * answered (for the preview to say where its data comes from).
 *
 * @example
 * const { journeyData } = await answeredJourneyData(config, exampleJourneyData(config), previewCaller('sv'));
 */
export async function answeredJourneyData(config: JourneyConfig, given: Data, call: PreviewCaller): Promise<{ journeyData: Data; answers: PreviewAnswer[] }> {
  const graph = buildJourneyGraph(config);
  let context = structuredClone(given);
  const answers: PreviewAnswer[] = [];
  for (const { node, invoke, id } of graph.invokes) {
    if (!invoke.src.startsWith('api.')) continue;
    const operationId = invoke.src.slice('api.'.length);
    const request = fillSessionValues(evaluateInputMap(invoke.input ?? {}, { context }), {});
    let outcome: CallOutcome<unknown>;
    try {
      outcome = await call(operationId, request);
    } catch (error) {
      outcome = { ok: false, error: { kind: 'network', status: 0, operationId, message: error instanceof Error ? error.message : String(error) } };
    }
    answers.push(outcome.ok ? { stateId: node.id, operationId, ok: true } : { stateId: node.id, operationId, ok: false, message: outcome.error.message });
    if (outcome.ok && outcome.data !== null && outcome.data !== undefined) context = afterAnswer(graph, node, id, outcome.data, context);
  }
  return { journeyData: context, answers };
}
