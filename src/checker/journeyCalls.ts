import type { WidgetCall } from '../runtime/inputMap';
import type { JourneyGraph } from '../pack/journeyGraph';
import { toPointer } from '../pack/jsonPointer';
import type { StepFile } from '../pack/stepFile';

/** One road to the provider: a call the journey invokes, or one a step's widget makes. */
export type JourneyCall =
  | { by: 'journey'; operation: string; stateId: string; pointer: string }
  | { by: 'widget'; operation: string; step: string; field: string | undefined; routes: string[]; pointer: string };

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every `ui:options.call` of a step's uiSchema, with where it is and the field it belongs to (none: the whole form). */
export function widgetCalls(step: StepFile): Array<{ call: WidgetCall; pointer: string; field: string | undefined }> {
  const calls: Array<{ call: WidgetCall; pointer: string; field: string | undefined }> = [];
  const visit = (ui: unknown, at: string, field: string | undefined) => {
    if (!isObject(ui)) return;
    const options = ui['ui:options'];
    if (isObject(options) && isObject(options.call)) calls.push({ call: options.call as unknown as WidgetCall, pointer: `${at}/ui:options/call`, field });
    for (const [key, child] of Object.entries(ui)) if (!key.startsWith('ui:')) visit(child, `${at}${toPointer([key])}`, key === 'items' ? field : key);
  };
  visit(step.uiSchema, '/uiSchema', undefined);
  return calls;
}

/**
 * Both roads to the provider of a journey: the operations its states invoke (`api.<operationId>`)
 * and those the widgets of its steps call (`ui:options.call`), each with where it is made.
 */
export function journeyCalls(graph: JourneyGraph, steps: ReadonlyMap<string, StepFile | undefined>): JourneyCall[] {
  const calls: JourneyCall[] = [];
  for (const { node, invoke, pointer } of graph.invokes) {
    if (invoke.src.startsWith('api.')) calls.push({ by: 'journey', operation: invoke.src.slice('api.'.length), stateId: node.id, pointer });
  }
  const shownAt = new Map<string, string[]>();
  for (const node of graph.nodes) {
    if (node.meta.step !== undefined && node.meta.route !== undefined) shownAt.set(node.meta.step, [...(shownAt.get(node.meta.step) ?? []), node.meta.route]);
  }
  for (const [name, step] of steps) {
    const routes = shownAt.get(name);
    if (!step || !routes) continue;
    for (const { call, pointer, field } of widgetCalls(step)) calls.push({ by: 'widget', operation: call.operation, step: name, field, routes, pointer });
  }
  return calls;
}
