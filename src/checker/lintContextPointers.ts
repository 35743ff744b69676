import { resolveShape, unresolvedWords, type Shape } from './contextShape';
import type { DeclaredData } from './declaredData';
import { suggestion } from '../pack/didYouMean';
import { entryPointerProblems } from './entryPointers';
import { asList, type JourneyGraph } from '../pack/journeyGraph';
import { pointerSegments, toPointer } from '../pack/jsonPointer';
import { builtPointers, builtValue, guardReads, guardSites, isContext, namedReads, pointersIn, type ActionSite } from './pointerSites';
import type { Problem } from './problem';

/** A pointer read or written, with its own pointer in the file. */
interface Read {
  text: string;
  pointer: string;
  /** A write: its words say to declare the new data. */
  write?: boolean;
}

/**
 * Where a `/context` pointer leaves the journey's declared data, in words, or undefined when it
 * lands on it. A write that lands nowhere is asked to declare its data in `meta.context`.
 */
export function contextPointerProblem(root: Shape, text: string, pointer: string, write: boolean): Problem | undefined {
  const segments = pointerSegments(text).slice(1);
  const found = resolveShape(root, segments);
  if (found.ok) return undefined;
  const { kind, words } = unresolvedWords('/context', segments, found, (name, keys) => suggestion(name, keys));
  const message = kind === 'value' ? `in the journey's data, ${words}` : write ? `${words}: declare new data in the journey's meta.context` : `the journey's data has ${words}`;
  return { pointer, message };
}

/** The problems of pointers read or written, in their order. */
function readProblems(root: Shape, reads: readonly Read[]): Problem[] {
  return reads.map((r) => contextPointerProblem(root, r.text, r.pointer, r.write === true)).filter((p): p is Problem => p !== undefined);
}

/**
 * The `/context` pointers an action reads and writes: an `assign`'s target unless it declared
 * its data (declaredData), what it names (`from`, `key`, `item`, `with`), a `keep` list, and
 * the pointers of the value it builds.
 */
function actionContextReads(site: ActionSite, declaring: ReadonlySet<ActionSite>): Read[] {
  const { type, params, pointer } = site;
  const reads: Read[] = [];
  if (type === 'assign' && !declaring.has(site) && isContext(params.to)) reads.push({ text: params.to, pointer: `${pointer}/to`, write: true });
  reads.push(...namedReads(site, isContext));
  asList(params.keep as string[] | undefined).forEach((p, i) => isContext(p) && reads.push({ text: p, pointer: `${pointer}/keep/${i}` }));
  reads.push(...builtPointers(site, isContext));
  return reads;
}

/**
 * Every `/context` pointer of the journey's actions, guards and calls' inputs must land on
 * declared data, the entries' `of` of an input or a built value too (entryPointers.ts).
 */
export function lintContextPointers(graph: JourneyGraph, data: DeclaredData): Problem[] {
  const { root, sites, declaring } = data;
  const problems: Problem[] = [];
  for (const site of sites) problems.push(...readProblems(root, actionContextReads(site, declaring)));
  for (const { params, pointer } of guardSites(graph)) problems.push(...readProblems(root, guardReads(params, pointer, isContext)));
  for (const { invoke, pointer } of graph.invokes) {
    const found: Read[] = [];
    pointersIn(invoke.input ?? {}, `${pointer}/input`, found);
    problems.push(...readProblems(root, found), ...entryPointerProblems(invoke.input ?? {}, `${pointer}/input`, root));
  }
  for (const site of sites) {
    const built = builtValue(site);
    if (built) problems.push(...entryPointerProblems(built.value, built.pointer, root));
  }
  return problems;
}

/** Each step's route parameters (`meta.params`) read the journey's data: it must be declared. */
export function lintRouteParamPointers(graph: JourneyGraph, root: Shape): Problem[] {
  const reads: Read[] = [];
  for (const node of graph.nodes) {
    for (const [name, p] of Object.entries(node.meta.params ?? {})) reads.push({ text: p, pointer: `${node.pointer}/meta/params${toPointer([name])}` });
  }
  return readProblems(root, reads);
}
