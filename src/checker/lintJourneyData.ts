import {
  openShape,
  resolveShape,
  schemaShapeAt,
  shapeOfSchema,
  shapeOfValue,
  shapeTree,
  unresolvedWords,
  type Shape,
} from './contextShape';
import { suggestion } from '../pack/didYouMean';
import { eachSubschema } from './eachSubschema';
import { entryPointerProblems } from './entryPointers';
import { FAILURE_SCHEMA } from '../pack/failureSchema';
import { asList, subtree, type GraphEdge, type GraphNode, type JourneyGraph } from '../pack/journeyGraph';
import { pointerSegments, toPointer } from '../pack/jsonPointer';
import type { JsonObject } from '../pack/journeyTypes';
import { actionSites, builtPointers, builtValue, enteringEdges, guardSites, isContext, isEvent, pointersIn, type ActionSite } from './pointerSites';
import type { Problem } from './problem';
import type { StepFile } from '../pack/stepFile';
import { unsatisfiableProblems } from './unsatisfiableSchema';

/** What the check needs of a provider operation: its answers' schemas by status (`'200'`). */
export interface OperationAnswers {
  operationId: string;
  responses: Record<string, { schema?: unknown } | undefined>;
}

/** What the journey sees of a failed call or capability (`/event/error`, see src/api/apiError.ts). */
const ERROR_SHAPE = shapeOfSchema(FAILURE_SCHEMA);

/** What `toggle` keeps: items by a key that is data (a planId). */
const SELECTION: Shape = { types: new Set(['object']), anyKey: openShape() };

/** Data the engine itself keeps in every journey (messages, drafts, the session flag). */
const ENGINE_DATA: Array<[string, unknown]> = [
  ['/ui/message', { type: ['string', 'null'] }],
  ['/ui/draft', { type: ['object', 'null'] }],
  ['/session/signedIn', { type: 'boolean' }],
];

const below = (pointer: string, head: string) => pointer.slice(head.length);

/** The step showing while a transition's state is active: itself or an ancestor with a route. */
function ownStep(node: GraphNode): GraphNode | undefined {
  for (let n: GraphNode | undefined = node; n; n = n.parent) if (n.meta.route !== undefined) return n;
  return undefined;
}

/** The answer's schema of a successful call (`200`, else the first 2xx). */
function answerSchema(operation: OperationAnswers | undefined): unknown {
  if (!operation) return undefined;
  const status = ['200', ...Object.keys(operation.responses).filter((s) => /^2/.test(s)).sort()].find((s) => operation.responses[s]);
  return status === undefined ? undefined : operation.responses[status]?.schema;
}

/** Every `ui:options` of a step file's uiSchema, with its pointer in the file. */
function uiOptionSites(ui: unknown, pointer: string, found: Array<{ options: unknown; pointer: string }>): void {
  if (!ui || typeof ui !== 'object' || Array.isArray(ui)) return;
  for (const [key, value] of Object.entries(ui)) {
    const at = `${pointer}${toPointer([key])}`;
    if (key === 'ui:options') found.push({ options: value, pointer: at });
    else if (!key.startsWith('ui:')) uiOptionSites(value, at, found);
  }
}

const fieldsOf = (step: StepFile | undefined): string[] => Object.keys(((step?.schema as { properties?: object } | undefined)?.properties ?? {}) as object);

/**
 * The data contracts of a journey (issue 12, point 5). Each step says where its data lives
 * (`meta.data`), and the journey's data gets a declared shape from its initial `context`, its
 * steps' schemas at their `meta.data`, what calls answer where `assign` keeps it, what `save`,
 * `newId`, `count` and `toggle` write, and `meta.context` for the rest. Every `/context`
 * pointer of the journey, and of its steps' `ui:options`, is then checked against that shape.
 * Problems come back by file: the journey's, and each step's by its name.
 */
export function lintJourneyData(
  graph: JourneyGraph,
  steps: Map<string, StepFile | undefined>,
  operations: readonly OperationAnswers[],
): { journey: Problem[]; steps: Map<string, Problem[]>; shape: Shape } {
  const journey: Problem[] = [];
  const byOperation = new Map(operations.map((op) => [op.operationId, op]));
  const tree = shapeTree(shapeOfValue(graph.config.context ?? {}));
  const root = tree.root;
  const declare = (pointer: string, shape: Shape) => tree.declare(below(pointer, '/context'), shape);
  for (const [at, schema] of ENGINE_DATA) tree.declare(at, shapeOfSchema(schema));

  // Step data: where each step's data lives, declared with the step's schema.
  const stepShapes = new Map<string, Shape>();
  const stepShape = (node: GraphNode | undefined): Shape => {
    const name = node?.meta.step;
    const file = name === undefined ? undefined : steps.get(name);
    if (name === undefined || !file?.schema) return openShape();
    let shape = stepShapes.get(name);
    if (!shape) stepShapes.set(name, (shape = shapeOfSchema(file.schema)));
    return shape;
  };
  const answerShapes = new Map<string, Shape | undefined>();
  const answerShape = (operationId: string): Shape | undefined => {
    if (!answerShapes.has(operationId)) {
      const schema = answerSchema(byOperation.get(operationId));
      answerShapes.set(operationId, schema === undefined ? undefined : shapeOfSchema(schema));
    }
    return answerShapes.get(operationId);
  };
  for (const node of graph.nodes) {
    const data = node.meta.data;
    if (typeof data === 'string') declare(data, stepShape(node));
  }

  /** The shape of what an `/event/...` pointer reads on this transition, as far as it is known. */
  const eventShape = (pointer: string, edge: GraphEdge | undefined): Shape => {
    if (!edge) return openShape();
    if (edge.kind === 'done' && (pointer === '/event/output' || pointer.startsWith('/event/output/'))) {
      const operationId = edge.invoke?.src.startsWith('api.') ? edge.invoke.src.slice(4) : undefined;
      const answer = operationId === undefined ? undefined : answerShape(operationId);
      // A pointer the answer does not have is the call check's to report; here it says nothing.
      return answer === undefined ? openShape() : (schemaShapeAt(answer, below(pointer, '/event/output')) ?? openShape());
    }
    if (edge.kind === 'error' && (pointer === '/event/error' || pointer.startsWith('/event/error/'))) {
      return schemaShapeAt(ERROR_SHAPE, below(pointer, '/event/error')) ?? openShape();
    }
    if (edge.event === 'step.submit' && (pointer === '/event/data' || pointer.startsWith('/event/data/'))) {
      return schemaShapeAt(stepShape(ownStep(edge.source)), below(pointer, '/event/data')) ?? openShape();
    }
    return openShape();
  };

  const declared = graph.config.meta?.context ?? {};
  // Writes that declare: what enters the journey from an event, new ids, counters, selections.
  const sites = actionSites(graph);
  const sitesOf = new Map<GraphEdge, ActionSite[]>();
  for (const site of sites) if (site.edge) sitesOf.set(site.edge, [...(sitesOf.get(site.edge) ?? []), site]);
  const declaring = new Set<ActionSite>();
  for (const site of sites) {
    const { type, params, edge } = site;
    if (type === 'save' && isContext(params.to)) {
      const from = typeof params.from === 'string' ? params.from : '/event/data';
      declare(params.to, isEvent(from) ? eventShape(from, edge) : openShape());
      declaring.add(site);
    } else if (type === 'assign' && isContext(params.to) && isEvent(params.from)) {
      declare(params.to, eventShape(params.from, edge));
      declaring.add(site);
    } else if (type === 'newId' && isContext(params.to)) declare(params.to, shapeOfSchema({ type: 'string' }));
    else if (type === 'count' && isContext(params.at)) declare(params.at, shapeOfSchema({ type: 'number' }));
    // A selection the journey declares in meta.context (what each entry holds) is that, not any object.
    else if (type === 'toggle' && isContext(params.at) && !(params.at in declared)) declare(params.at, SELECTION);
  }
  for (const [pointer, schema] of Object.entries(declared)) if (isContext(pointer)) declare(pointer, shapeOfSchema(schema));
  // Declared data no value can satisfy (a minimum above its maximum...) is a mistake in the declaration.
  for (const [pointer, schema] of Object.entries(graph.config.meta?.context ?? {})) {
    eachSubschema(schema, `/meta/context${toPointer([pointer])}`, (s, at, path) => journey.push(...unsatisfiableProblems(s, at, `the data at ${pointer}${toPointer(path)}`)));
  }

  // Every other `/context` pointer must land on declared data.
  const check = (text: string, pointer: string, write: boolean, into: Problem[]) => {
    const segments = pointerSegments(text).slice(1);
    const found = resolveShape(root, segments);
    if (found.ok) return;
    const { kind, words } = unresolvedWords('/context', segments, found, (name, keys) => suggestion(name, keys));
    const message = kind === 'value' ? `in the journey's data, ${words}` : write ? `${words}: declare new data in the journey's meta.context` : `the journey's data has ${words}`;
    into.push({ pointer, message });
  };
  for (const site of sites) {
    const { type, params, pointer } = site;
    const at = (key: string) => `${pointer}/${key}`;
    if (type === 'assign' && !declaring.has(site) && isContext(params.to)) check(params.to, at('to'), true, journey);
    for (const key of ['from', 'key', 'item']) if (isContext(params[key])) check(params[key], at(key), false, journey);
    for (const [name, p] of Object.entries((params.with as JsonObject | undefined) ?? {})) if (isContext(p)) check(p, `${at('with')}${toPointer([name])}`, false, journey);
    asList(params.keep as string[] | undefined).forEach((p, i) => isContext(p) && check(p, `${at('keep')}/${i}`, false, journey));
    for (const f of builtPointers(site, isContext)) check(f.text, f.pointer, false, journey);
  }
  for (const { params, pointer } of guardSites(graph)) {
    for (const key of ['at', 'a', 'b']) if (isContext(params[key])) check(params[key], `${pointer}/${key}`, false, journey);
  }
  for (const { invoke, pointer } of graph.invokes) {
    const found: Array<{ text: string; pointer: string }> = [];
    pointersIn(invoke.input ?? {}, `${pointer}/input`, found);
    for (const f of found) check(f.text, f.pointer, false, journey);
    journey.push(...entryPointerProblems(invoke.input ?? {}, `${pointer}/input`, root));
  }
  for (const site of sites) {
    const built = builtValue(site);
    if (built) journey.push(...entryPointerProblems(built.value, built.pointer, root));
  }

  // What a step submits (`/event/data/...`) is the step's schema: a field it does not have is a typo.
  const submittedProblem = (text: string, pointer: string, edge: GraphEdge | undefined): Problem | undefined => {
    if (edge?.event !== 'step.submit' || !text.startsWith('/event/data/')) return undefined;
    const step = ownStep(edge.source);
    const segments = pointerSegments(below(text, '/event/data'));
    const found = resolveShape(stepShape(step), segments);
    if (found.ok) return undefined;
    const { kind, words } = unresolvedWords('/event/data', segments, found, (name, keys) => suggestion(name, keys));
    const what = `what step "${step?.key ?? edge.source.key}" submits`;
    return { pointer, message: kind === 'missing' ? `${what} has ${words}` : `in ${what}, ${words}` };
  };
  const checkSubmitted = (text: unknown, pointer: string, edges: readonly (GraphEdge | undefined)[]) => {
    if (typeof text !== 'string') return;
    // One report per pointer, from the first submit that lacks it.
    const problem = edges.map((edge) => submittedProblem(text, pointer, edge)).find((p) => p !== undefined);
    if (problem) journey.push(problem);
  };
  for (const { type, params, pointer, edge } of sites) {
    for (const key of ['from', 'key', 'item']) checkSubmitted(params[key], `${pointer}/${key}`, [edge]);
    for (const [name, p] of Object.entries((params.with as JsonObject | undefined) ?? {})) checkSubmitted(p, `${pointer}/with${toPointer([name])}`, [edge]);
    for (const f of builtPointers({ type, params, pointer }, isEvent)) checkSubmitted(f.text, f.pointer, [edge]);
  }
  for (const { params, pointer, edge } of guardSites(graph)) {
    for (const key of ['at', 'a', 'b']) checkSubmitted(params[key], `${pointer}/${key}`, [edge]);
  }
  for (const { node, invoke, pointer } of graph.invokes) {
    const found: Array<{ text: string; pointer: string }> = [];
    pointersIn(invoke.input ?? {}, `${pointer}/input`, found, isEvent);
    if (found.length === 0) continue;
    const submits = enteringEdges(graph, node).filter((edge) => edge.event === 'step.submit');
    for (const f of found) checkSubmitted(f.text, f.pointer, submits);
  }
  for (const node of graph.nodes) {
    for (const [name, p] of Object.entries(node.meta.params ?? {})) check(p, `${node.pointer}/meta/params${toPointer([name])}`, false, journey);
  }

  // Steps: each one with fields says where its data lives, and its submit keeps it there.
  for (const node of graph.nodes) {
    if (node.meta.route === undefined) continue;
    const data = node.meta.data;
    const fields = fieldsOf(node.meta.step === undefined ? undefined : steps.get(node.meta.step));
    const saves: Array<{ to: string; pointer: string }> = [];
    for (const n of subtree(node)) {
      for (const edge of graph.outgoing.get(n) ?? []) {
        if (edge.event !== 'step.submit') continue;
        for (const site of sitesOf.get(edge) ?? []) {
          if (site.type !== 'save' || !isContext(site.params.to)) continue;
          const from = site.params.from;
          if (from === undefined || from === '/event/data') saves.push({ to: site.params.to, pointer: `${site.pointer}/to` });
        }
      }
    }
    if (data === undefined && (fields.length > 0 || saves.length > 0)) {
      const what = fields.length > 0 ? `has fields (${fields.slice(0, 4).join(', ')}${fields.length > 4 ? ', ...' : ''})` : `saves what is submitted at ${saves[0]?.to}`;
      journey.push({
        pointer: `${node.pointer}/meta`,
        message: `step "${node.key}" ${what} but no meta.data: say where its data lives (a /context pointer), or false if what is typed there is not kept`,
      });
    }
    for (const save of saves) {
      if (data === false) journey.push({ pointer: save.pointer, message: `step "${node.key}" keeps no data (meta.data is false), but its submit saves it at ${save.to}` });
      else if (typeof data === 'string' && save.to !== data) {
        journey.push({ pointer: save.pointer, message: `the submit of step "${node.key}" saves its data at ${save.to}, but the step's meta.data is ${data}` });
      }
    }
  }

  // Step files: the journey's data their options read (`from`, `unlockWhen`, `sentTo`, ...).
  const byStep = new Map<string, Problem[]>();
  const used = new Set(graph.nodes.map((n) => n.meta.step).filter((s): s is string => s !== undefined));
  for (const name of used) {
    const step = steps.get(name);
    if (!step) continue;
    const problems: Problem[] = [];
    const options: Array<{ options: unknown; pointer: string }> = [];
    uiOptionSites(step.uiSchema, '/uiSchema', options);
    // A button shown only while a value is there (`when`: "Cancelar edición" while a lead is edited).
    (step.buttons ?? []).forEach((button, i) => button.when !== undefined && options.push({ options: button.when, pointer: `/buttons/${i}/when` }));
    for (const site of options) {
      const found: Array<{ text: string; pointer: string }> = [];
      pointersIn(site.options, site.pointer, found);
      for (const f of found) check(f.text, f.pointer, false, problems);
      problems.push(...entryPointerProblems(site.options, site.pointer, root));
    }
    byStep.set(name, problems);
  }
  return { journey, steps: byStep, shape: root };
}
