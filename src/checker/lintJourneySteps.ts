import { suggestion } from '../pack/didYouMean';
import { edgesActiveIn, subtree, type JourneyGraph } from '../pack/journeyGraph';
import type { Problem } from './problem';
import type { StepFile } from '../pack/stepFile';
import { escapeSegment } from '../pack/jsonPointer';

/**
 * Checks a journey against its step files: every `meta.step` names a step file, and every
 * button of a step file (and every `ui:options.sends`, a list's pages' too, and the event a
 * list's rows send, `ui:options.rowEvent`) sends an event the journey handles where that step
 * shows; a row's event is one of the step's buttons' (the row's button is that button).
 * Problems come back by file: the journey's, and each step's by its name. A step file that
 * exists but is itself unsound is given as `undefined`: it is not missing, its buttons wait.
 */
export function lintJourneySteps(
  graph: JourneyGraph,
  steps: Map<string, StepFile | undefined>,
  stepsDir: string,
): { journey: Problem[]; steps: Map<string, Problem[]> } {
  const journey: Problem[] = [];
  const handled = new Map<string, Set<string>>();
  for (const node of graph.nodes) {
    const name = node.meta.step;
    if (name === undefined) continue;
    if (!steps.has(name)) {
      journey.push({ pointer: `${node.pointer}/meta/step`, message: `no step file "${name}.json" in ${stepsDir}${suggestion(name, steps.keys())}` });
      continue;
    }
    const events = handled.get(name) ?? new Set<string>(['nav.back']);
    for (const n of subtree(node)) for (const edge of edgesActiveIn(graph, n)) if (edge.kind === 'on') events.add(edge.event);
    handled.set(name, events);
  }
  const byStep = new Map<string, Problem[]>();
  for (const [name, step] of steps) {
    const events = handled.get(name);
    if (!events || !step) continue; // a step file no journey names is allowed (a screen in the making)
    const problems: Problem[] = [];
    (step.buttons ?? []).forEach((button, i) => {
      if (!events.has(button.event)) {
        problems.push({
          pointer: `/buttons/${i}/event`,
          message: `the journey ${graph.id} does not handle "${button.event}" on this step${suggestion(button.event, events)}`,
        });
      }
    });
    // A field's change that sends an event (`ui:options.sends`) is a button too, and so is a row's.
    for (const [at, event] of sentEvents(step.uiSchema, '/uiSchema')) {
      if (!events.has(event)) {
        problems.push({ pointer: at, message: `the journey ${graph.id} does not handle "${event}" on this step${suggestion(event, events)}` });
      }
    }
    const rowProblem = rowWithoutButton(step, events);
    if (rowProblem) problems.push(rowProblem);
    byStep.set(name, problems);
  }
  return { journey, steps: byStep };
}

type EventOptions = { sends?: { event?: unknown }; pages?: { sends?: { event?: unknown } }; rowEvent?: unknown };

/**
 * Every `ui:options.sends.event` of a uiSchema (a list's `pages.sends.event` and its rows'
 * `rowEvent` too), with its pointer.
 */
export function sentEvents(ui: unknown, pointer: string, into: Array<[string, string]> = []): Array<[string, string]> {
  if (!ui || typeof ui !== 'object' || Array.isArray(ui)) return into;
  const options = (ui as Record<string, unknown>)['ui:options'] as EventOptions | undefined;
  if (typeof options?.sends?.event === 'string') into.push([`${pointer}/ui:options/sends/event`, options.sends.event]);
  if (typeof options?.pages?.sends?.event === 'string') into.push([`${pointer}/ui:options/pages/sends/event`, options.pages.sends.event]);
  if (typeof options?.rowEvent === 'string') into.push([`${pointer}/ui:options/rowEvent`, options.rowEvent]);
  for (const [key, child] of Object.entries(ui)) {
    if (!key.startsWith('ui:')) sentEvents(child, `${pointer}/${escapeSegment(key)}`, into);
  }
  return into;
}

/**
 * A list's rows whose event (`ui:options.rowEvent`) no button of the step sends: the row's button
 * is that button (its label), so the rows would have none. An event the journey does not handle
 * is said so above, once.
 */
function rowWithoutButton(step: StepFile, handled: Set<string>): Problem | undefined {
  const options = step.uiSchema?.['ui:options'];
  const rowEvent = options && typeof options === 'object' && !Array.isArray(options) ? options.rowEvent : undefined;
  if (typeof rowEvent !== 'string' || !handled.has(rowEvent)) return undefined;
  if ((step.buttons ?? []).some((button) => button.event === rowEvent)) return undefined;
  const sent = (step.buttons ?? []).map((button) => button.event);
  return {
    pointer: '/uiSchema/ui:options/rowEvent',
    message: `no button of this step sends "${rowEvent}": each row's button is the step's button that sends it, so the rows would have none${suggestion(rowEvent, sent)}`,
  };
}
