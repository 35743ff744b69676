import { didYouMean, suggestion } from '../pack/didYouMean';
import { FAILURE_SCHEMA } from '../pack/failureSchema';
import type { GraphEdge, GraphNode, JourneyGraph } from '../pack/journeyGraph';
import { pointerSegments, toPointer } from '../pack/jsonPointer';
import type { JsonObject } from '../pack/journeyTypes';
import { actionReads, actionSites, enteringEdges, guardReads, guardSites, isEvent, pointersIn } from './pointerSites';
import type { Problem } from './problem';

const FAILURE_KEYS = Object.keys(FAILURE_SCHEMA.properties);

/** What the event of a transition carries, as far as the journey says: the names right below `/event`. */
interface Carried {
  /** `type` aside, which every event has. */
  roots: string[];
  /** The event, in words: `the event "report.page" has`, `the event of "done api.sales" has`. */
  subject: string;
  /** Where what it carries is, in words. */
  where: string;
  /** A call's failure (`/event/error`), whose keys are known. */
  failure: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const quoted = (names: readonly string[]) => {
  const q = names.map((n) => `"${n}"`);
  return q.length < 2 ? q.join('') : `${q.slice(0, -1).join(', ')} and ${q.at(-1)}`;
};

/** The names right below `/event` in the examples of every transition of an agent's event, by event. */
function exampleRoots(graph: JourneyGraph): Map<string, Set<string>> {
  const byEvent = new Map<string, Set<string>>();
  for (const edge of graph.edges) {
    if (edge.kind !== 'on') continue;
    const meta = edge.transition.meta;
    const examples = [meta?.example, ...(Array.isArray(meta?.examples) ? meta.examples : [])].filter((e): e is JsonObject => isObject(e));
    if (examples.length === 0) continue;
    const roots = byEvent.get(edge.event) ?? new Set<string>();
    for (const example of examples) for (const key of Object.keys(example)) if (key !== 'type') roots.add(key);
    byEvent.set(edge.event, roots);
  }
  return byEvent;
}

/**
 * What each transition's event carries: a call's answer (`/event/output`) in an `onDone`, its
 * failure (`/event/error`) in an `onError`, a step's form (`/event/data`) in a submit, and what an
 * agent's other events carry by their examples (`meta.example`: `{"page": 2}` for report.page).
 * Undefined where the journey does not say: an eventless or delayed transition (it sees the event
 * before it), an event with no example.
 */
function carriedBy(graph: JourneyGraph): (edge: GraphEdge) => Carried | undefined {
  const examples = exampleRoots(graph);
  // A deep link's event carries its values (which ones: lintLinks).
  const linkEvents = new Set((graph.config.links ?? []).map((link) => link.event));
  return (edge) => {
    const src = edge.invoke?.src ?? '';
    if (edge.kind === 'done') return { roots: ['output'], subject: `the event of "done ${src}" has`, where: "a call's answer is at /event/output", failure: false };
    if (edge.kind === 'error') return { roots: ['error'], subject: `the event of "error ${src}" has`, where: "a failed call's error is at /event/error", failure: true };
    if (edge.kind !== 'on') return undefined;
    const subject = `the event "${edge.event}" has`;
    if (linkEvents.has(edge.event)) return { roots: ['values'], subject, where: "a link's values are at /event/values", failure: false };
    const roots = [...(examples.get(edge.event) ?? [])];
    if (edge.event === 'step.submit') {
      const others = roots.filter((r) => r !== 'data');
      return { roots: ['data', ...others], subject, where: `a step's submit carries its form at /event/data${others.length > 0 ? `, and its examples carry ${quoted(others)}` : ''}`, failure: false };
    }
    return roots.length === 0 ? undefined : { roots, subject, where: `its examples carry ${quoted(roots)}`, failure: false };
  };
}

/** The problem with a pointer that reads `/event/...` where its event carries `carried`, if any. */
function readProblem(text: string, pointer: string, carried: Carried): Problem | undefined {
  const [, root, ...rest] = pointerSegments(text);
  if (root === undefined || root === 'type') return undefined;
  if (!carried.roots.includes(root)) {
    const best = didYouMean(root, carried.roots);
    const meant = best === undefined ? '' : `; did you mean "${toPointer(['event', best, ...rest])}"?`;
    return { pointer, message: `${carried.subject} no "${root}": ${carried.where}${meant}` };
  }
  const key = rest[0];
  if (carried.failure && root === 'error' && key !== undefined && !FAILURE_KEYS.includes(key)) {
    return { pointer, message: `a failed call's error (/event/error) has no "${key}": it has ${quoted(FAILURE_KEYS)}${suggestion(key, FAILURE_KEYS)}` };
  }
  return undefined;
}

/** Whether a state is entered when the journey starts (its initial chain from the root): by no transition. */
function enteredAtStart(graph: JourneyGraph, node: GraphNode): boolean {
  for (let n: GraphNode | undefined = graph.root; n; n = n.children.find((c) => c.key === n?.config.initial)) if (n === node) return true;
  return false;
}

/** What the events that enter a state carry, together, when each of them says (a call's input reads them). */
function carriedInto(graph: JourneyGraph, node: GraphNode, carried: (edge: GraphEdge) => Carried | undefined): Carried | undefined {
  if (enteredAtStart(graph, node)) return undefined;
  const edges = enteringEdges(graph, node);
  const each = edges.map(carried);
  if (each.length === 0 || each.some((c) => c === undefined)) return undefined;
  const known = each as Carried[];
  const events = [...new Set(edges.map((e) => e.label))];
  const wheres = [...new Set(known.map((c) => c.where))];
  const roots = [...new Set(known.flatMap((c) => c.roots))];
  return {
    roots,
    subject: events.length === 1 ? `the event that starts this call, "${events[0]}", has` : `the events that start this call (${events.map((e) => `"${e}"`).join(', ')}) have`,
    where: wheres.length === 1 ? (wheres[0] as string) : `they carry ${quoted(roots)}`,
    failure: known.every((c) => c.failure),
  };
}

/**
 * Every `/event/...` pointer a transition reads (its guards' `at`, `a`, `b`; its actions' `from`,
 * `key`, `item`, `with` and the values they build) and every one a call's input reads (the event
 * that entered its state), checked against what that event carries: a misspelt root
 * (`/event/outptu/...`) escaped the checks of the answer, the failure and the form, which look
 * below their own roots only, and read null at run time.
 */
export function lintEventPointers(graph: JourneyGraph): Problem[] {
  const problems: Problem[] = [];
  const carried = carriedBy(graph);
  const check = (reads: Array<{ text: string; pointer: string }>, what: Carried | undefined) => {
    if (!what) return;
    for (const read of reads) {
      const problem = readProblem(read.text, read.pointer, what);
      if (problem) problems.push(problem);
    }
  };
  for (const { params, pointer, edge } of guardSites(graph)) check(guardReads(params, pointer, isEvent), carried(edge));
  for (const site of actionSites(graph)) {
    if (!site.edge) continue;
    const what = carried(site.edge);
    check(actionReads(site, isEvent), what);
    // `save` with no `from` keeps the submitted form.
    if (site.type === 'save' && typeof site.params.to === 'string' && site.params.from === undefined && what && !what.roots.includes('data')) {
      problems.push({ pointer: `${site.pointer}/to`, message: `"save" with no "from" keeps /event/data, but ${what.subject} no "data": ${what.where}; say what to keep with "from"` });
    }
  }
  for (const { node, invoke, pointer } of graph.invokes) {
    const reads: Array<{ text: string; pointer: string }> = [];
    pointersIn((invoke.input ?? {}) as JsonObject, `${pointer}/input`, reads, isEvent);
    if (reads.length > 0) check(reads, carriedInto(graph, node, carried));
  }
  return problems;
}
