import { resolveShape, unresolvedWords } from './contextShape';
import { below, ownStep, type DeclaredData } from './declaredData';
import { suggestion } from '../pack/didYouMean';
import type { GraphEdge, JourneyGraph } from '../pack/journeyGraph';
import { pointerSegments } from '../pack/jsonPointer';
import { actionReads, enteringEdges, guardReads, guardSites, isEvent, pointersIn } from './pointerSites';
import type { Problem } from './problem';

type StepShape = DeclaredData['stepShape'];

/** Where a `/event/data/...` pointer read on a step's submit leaves what the step submits, if it does. */
function submittedProblem(stepShape: StepShape, text: string, pointer: string, edge: GraphEdge | undefined): Problem | undefined {
  if (edge?.event !== 'step.submit' || !text.startsWith('/event/data/')) return undefined;
  const step = ownStep(edge.source);
  const segments = pointerSegments(below(text, '/event/data'));
  const found = resolveShape(stepShape(step), segments);
  if (found.ok) return undefined;
  const { kind, words } = unresolvedWords('/event/data', segments, found, (name, keys) => suggestion(name, keys));
  const what = `what step "${step?.key ?? edge.source.key}" submits`;
  return { pointer, message: kind === 'missing' ? `${what} has ${words}` : `in ${what}, ${words}` };
}

/** The pointers' problems, one report per pointer, from the first of `edges` that lacks it. */
function readsProblems(stepShape: StepShape, reads: ReadonlyArray<{ text: string; pointer: string }>, edges: readonly (GraphEdge | undefined)[]): Problem[] {
  const problems: Problem[] = [];
  for (const { text, pointer } of reads) {
    const problem = edges.map((edge) => submittedProblem(stepShape, text, pointer, edge)).find((p) => p !== undefined);
    if (problem) problems.push(problem);
  }
  return problems;
}

/**
 * What a step submits (`/event/data/...`) is the step's schema: a field it does not have is a
 * typo. Checked where a submit's actions and guards read it, and where a call's input reads the
 * submit that entered its state.
 */
export function lintSubmittedPointers(graph: JourneyGraph, data: DeclaredData): Problem[] {
  const { sites, stepShape } = data;
  const problems: Problem[] = [];
  for (const site of sites) problems.push(...readsProblems(stepShape, actionReads(site, isEvent), [site.edge]));
  for (const { params, pointer, edge } of guardSites(graph)) problems.push(...readsProblems(stepShape, guardReads(params, pointer, isEvent), [edge]));
  for (const { node, invoke, pointer } of graph.invokes) {
    const found: Array<{ text: string; pointer: string }> = [];
    pointersIn(invoke.input ?? {}, `${pointer}/input`, found, isEvent);
    if (found.length === 0) continue;
    const submits = enteringEdges(graph, node).filter((edge) => edge.event === 'step.submit');
    problems.push(...readsProblems(stepShape, found, submits));
  }
  return problems;
}
