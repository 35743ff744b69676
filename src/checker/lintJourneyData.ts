import type { Shape } from './contextShape';
import { declareJourneyData, type OperationAnswers } from './declaredData';
import type { JourneyGraph } from '../pack/journeyGraph';
import { lintContextPointers, lintRouteParamPointers } from './lintContextPointers';
import { lintStepDataPlaces } from './lintStepDataPlaces';
import { lintStepOptionPointers } from './lintStepOptionPointers';
import { lintSubmittedPointers } from './lintSubmittedPointers';
import type { Problem } from './problem';
import type { StepFile } from '../pack/stepFile';

export type { OperationAnswers } from './declaredData';

/**
 * The data contracts of a journey (issue 12, point 5). Each step says where its data lives
 * (`meta.data`), and the journey's data gets a declared shape from its initial `context`, its
 * steps' schemas at their `meta.data`, what calls answer where `assign` keeps it, what `save`,
 * `newId`, `count` and `toggle` write, and `meta.context` for the rest (declaredData). Every
 * `/context` pointer of the journey, and of its steps' `ui:options`, is then checked against
 * that shape. Problems come back by file: the journey's, and each step's by its name.
 */
export function lintJourneyData(
  graph: JourneyGraph,
  steps: Map<string, StepFile | undefined>,
  operations: readonly OperationAnswers[],
): { journey: Problem[]; steps: Map<string, Problem[]>; shape: Shape } {
  const data = declareJourneyData(graph, steps, operations);
  const journey = [
    ...data.problems,
    ...lintContextPointers(graph, data),
    ...lintSubmittedPointers(graph, data),
    ...lintRouteParamPointers(graph, data.root),
    ...lintStepDataPlaces(graph, steps, data.sites),
  ];
  return { journey, steps: lintStepOptionPointers(graph, steps, data.root), shape: data.root };
}
