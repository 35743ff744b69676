import type { Shape } from './contextShape';
import { contextPointerProblem } from './lintContextPointers';
import { entryPointerProblems } from './entryPointers';
import type { JourneyGraph } from '../pack/journeyGraph';
import { toPointer } from '../pack/jsonPointer';
import { pointersIn } from './pointerSites';
import type { Problem } from './problem';
import type { StepFile } from '../pack/stepFile';

/** Options of a step file that may read the journey's data, with their pointer in the file. */
interface OptionSite {
  options: unknown;
  pointer: string;
}

/** Every `ui:options` of a step file's uiSchema, with its pointer in the file. */
function uiOptionSites(ui: unknown, pointer: string, found: OptionSite[]): void {
  if (!ui || typeof ui !== 'object' || Array.isArray(ui)) return;
  for (const [key, value] of Object.entries(ui)) {
    const at = `${pointer}${toPointer([key])}`;
    if (key === 'ui:options') found.push({ options: value, pointer: at });
    else if (!key.startsWith('ui:')) uiOptionSites(value, at, found);
  }
}

/** The journey's data one step file reads: its `ui:options` and its buttons' `when` and `unless`. */
function stepProblems(step: StepFile, root: Shape): Problem[] {
  const problems: Problem[] = [];
  const options: OptionSite[] = [];
  uiOptionSites(step.uiSchema, '/uiSchema', options);
  // A button shown only while a value is there (`when`: "Cancelar edición" while a lead is edited),
  // or only while it is missing or empty (`unless`: "Reintentar" while a list failed to load).
  (step.buttons ?? []).forEach((button, i) => {
    if (button.when !== undefined) options.push({ options: button.when, pointer: `/buttons/${i}/when` });
    if (button.unless !== undefined) options.push({ options: button.unless, pointer: `/buttons/${i}/unless` });
  });
  for (const site of options) {
    const found: Array<{ text: string; pointer: string }> = [];
    pointersIn(site.options, site.pointer, found);
    for (const f of found) {
      const problem = contextPointerProblem(root, f.text, f.pointer, false);
      if (problem) problems.push(problem);
    }
    problems.push(...entryPointerProblems(site.options, site.pointer, root));
  }
  return problems;
}

/**
 * Step files: the journey's data their options read (`from`, `unlockWhen`, `sentTo`, ...) must
 * be declared. Problems by the name of each step the journey uses.
 */
export function lintStepOptionPointers(graph: JourneyGraph, steps: Map<string, StepFile | undefined>, root: Shape): Map<string, Problem[]> {
  const byStep = new Map<string, Problem[]>();
  const used = new Set(graph.nodes.map((n) => n.meta.step).filter((s): s is string => s !== undefined));
  for (const name of used) {
    const step = steps.get(name);
    if (step) byStep.set(name, stepProblems(step, root));
  }
  return byStep;
}
