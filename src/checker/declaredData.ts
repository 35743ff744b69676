import { openShape, schemaShapeAt, shapeOfSchema, shapeOfValue, shapeTree, type Shape } from './contextShape';
import { eachSubschema } from './eachSubschema';
import { FAILURE_SCHEMA } from '../pack/failureSchema';
import type { GraphEdge, GraphNode, JourneyGraph } from '../pack/journeyGraph';
import { toPointer } from '../pack/jsonPointer';
import { actionSites, isContext, isEvent, type ActionSite } from './pointerSites';
import type { Problem } from './problem';
import type { StepFile } from '../pack/stepFile';
import { unsatisfiableProblems } from './unsatisfiableSchema';

/** What the check needs of a provider operation: its answers' schemas by status (`'200'`). */
export interface OperationAnswers {
  operationId: string;
  responses: Record<string, { schema?: unknown } | undefined>;
}

/** The journey's declared data, and what the checks of its pointers need beside it. */
export interface DeclaredData {
  /** The declared shape of `/context`. */
  root: Shape;
  /** Every action of the journey (pointerSites' actionSites), walked once. */
  sites: ActionSite[];
  /** The writes that declared data where they write: their own target is not checked. */
  declaring: Set<ActionSite>;
  /** The shape of what a step submits: its schema's, open when it has none. */
  stepShape: (node: GraphNode | undefined) => Shape;
  /** Declared data no value can satisfy (a minimum above its maximum...), in `meta.context`. */
  problems: Problem[];
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

/** What a pointer says below a head it starts with (`/event/output/x` below `/event/output`: `/x`). */
export const below = (pointer: string, head: string) => pointer.slice(head.length);

/** Whether a pointer is `head` or below it. */
const within = (pointer: string, head: string) => pointer === head || pointer.startsWith(`${head}/`);

/** The step showing while a transition's state is active: itself or an ancestor with a route. */
export function ownStep(node: GraphNode): GraphNode | undefined {
  for (let n: GraphNode | undefined = node; n; n = n.parent) if (n.meta.route !== undefined) return n;
  return undefined;
}

/** The answer's schema of a successful call (`200`, else the first 2xx). */
function answerSchema(operation: OperationAnswers | undefined): unknown {
  if (!operation) return undefined;
  const status = ['200', ...Object.keys(operation.responses).filter((s) => /^2/.test(s)).sort()].find((s) => operation.responses[s]);
  return status === undefined ? undefined : operation.responses[status]?.schema;
}

/** Each step's shape from its schema, made once a step: the steps are read by name from their files. */
function stepShapes(steps: Map<string, StepFile | undefined>): (node: GraphNode | undefined) => Shape {
  const made = new Map<string, Shape>();
  return (node) => {
    const name = node?.meta.step;
    const file = name === undefined ? undefined : steps.get(name);
    if (name === undefined || !file?.schema) return openShape();
    let shape = made.get(name);
    if (!shape) made.set(name, (shape = shapeOfSchema(file.schema)));
    return shape;
  };
}

/** Each operation's answer shape, made once an operation (undefined: it says no answer). */
function answerShapes(operations: readonly OperationAnswers[]): (operationId: string) => Shape | undefined {
  const byOperation = new Map(operations.map((op) => [op.operationId, op]));
  const made = new Map<string, Shape | undefined>();
  return (operationId) => {
    if (!made.has(operationId)) {
      const schema = answerSchema(byOperation.get(operationId));
      made.set(operationId, schema === undefined ? undefined : shapeOfSchema(schema));
    }
    return made.get(operationId);
  };
}

/** The shape of what an `/event/...` pointer reads on a transition, as far as it is known. */
type EventShape = (pointer: string, edge: GraphEdge | undefined) => Shape;

/** What the events carry: a call's answer in its onDone, a failure in an onError, a step's form in its submit. */
function eventShapes(stepShape: DeclaredData['stepShape'], answerShape: (operationId: string) => Shape | undefined): EventShape {
  return (pointer, edge) => {
    if (!edge) return openShape();
    if (edge.kind === 'done' && within(pointer, '/event/output')) {
      const operationId = edge.invoke?.src.startsWith('api.') ? edge.invoke.src.slice(4) : undefined;
      const answer = operationId === undefined ? undefined : answerShape(operationId);
      // A pointer the answer does not have is the call check's to report; here it says nothing.
      return answer === undefined ? openShape() : (schemaShapeAt(answer, below(pointer, '/event/output')) ?? openShape());
    }
    if (edge.kind === 'error' && within(pointer, '/event/error')) {
      return schemaShapeAt(ERROR_SHAPE, below(pointer, '/event/error')) ?? openShape();
    }
    if (edge.event === 'step.submit' && within(pointer, '/event/data')) {
      return schemaShapeAt(stepShape(ownStep(edge.source)), below(pointer, '/event/data')) ?? openShape();
    }
    return openShape();
  };
}

/**
 * Declares what the journey's writes bring in: what enters it from an event (`save`, `assign`
 * from `/event`), new ids, counters and selections. Gives back the writes whose target is
 * declared so, which the pointer check then leaves alone.
 */
function declareWrites(sites: readonly ActionSite[], declared: Record<string, unknown>, declare: (pointer: string, shape: Shape) => void, eventShape: EventShape): Set<ActionSite> {
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
  return declaring;
}

/** Declared data no value can satisfy (a minimum above its maximum...) is a mistake in the declaration. */
function unsatisfiableDeclarations(declared: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  for (const [pointer, schema] of Object.entries(declared)) {
    eachSubschema(schema, `/meta/context${toPointer([pointer])}`, (s, at, path) => problems.push(...unsatisfiableProblems(s, at, `the data at ${pointer}${toPointer(path)}`)));
  }
  return problems;
}

/**
 * The declared shape of a journey's data: its initial `context`, the engine's own data, its
 * steps' schemas at their `meta.data`, what its writes keep (a call's answer where `assign`
 * keeps it, what `save`, `newId`, `count` and `toggle` write), and `meta.context` for the rest,
 * in that order (later declarations add to earlier ones).
 */
export function declareJourneyData(graph: JourneyGraph, steps: Map<string, StepFile | undefined>, operations: readonly OperationAnswers[]): DeclaredData {
  const tree = shapeTree(shapeOfValue(graph.config.context ?? {}));
  const declare = (pointer: string, shape: Shape) => tree.declare(below(pointer, '/context'), shape);
  for (const [at, schema] of ENGINE_DATA) tree.declare(at, shapeOfSchema(schema));
  const stepShape = stepShapes(steps);
  for (const node of graph.nodes) {
    const data = node.meta.data;
    if (typeof data === 'string') declare(data, stepShape(node));
  }
  const declared = graph.config.meta?.context ?? {};
  const sites = actionSites(graph);
  const declaring = declareWrites(sites, declared, declare, eventShapes(stepShape, answerShapes(operations)));
  for (const [pointer, schema] of Object.entries(declared)) if (isContext(pointer)) declare(pointer, shapeOfSchema(schema));
  return { root: tree.root, sites, declaring, stepShape, problems: unsatisfiableDeclarations(declared) };
}
