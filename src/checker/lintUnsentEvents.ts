import type { JourneyGraph } from '../pack/journeyGraph';
import { toPointer } from '../pack/jsonPointer';
import type { StepFile } from '../pack/stepFile';
import { sentEvents } from './lintJourneySteps';
import type { Problem } from './problem';
import { shellEvents } from './shellEvents';

/**
 * Events the app sends by itself, whatever the screen: the shell's fixed events (a 401, the idle
 * timeout, maintenance, the page opened at `/redirect`...), the browser's back button
 * (`nav.back`, src/app/RouteSync.tsx) and a form's draft as it is typed (`step.draft`,
 * src/screens/useStepData.ts).
 */
const SENT_BY_THE_APP = new Set([...shellEvents.filter((e) => !e.pattern).map((e) => e.name), 'nav.back', 'step.draft']);

/**
 * An agent's event the journey handles that nothing can send (issue 36): no button of a step the
 * journey shows, no field's or list's `ui:options` (`sends`, `pages.sends`, `rowEvent`), no entry
 * of the country's sidebar (`menuEvents`), no deep link of the journey (`links`), and not an event
 * the app sends by itself. Its branch can never be taken by an agent, yet `journeys:paths` lists
 * paths through it that no replay in the browser can walk: it needs a control on a screen the
 * spec has, or to go. Named once per state and event, at the event's name.
 */
export function lintUnsentEvents(graph: JourneyGraph, steps: ReadonlyMap<string, StepFile | undefined>, menuEvents: readonly string[]): Problem[] {
  const shown = new Set(graph.nodes.map((n) => n.meta.step).filter((s): s is string => s !== undefined));
  const sendable = new Set<string>([...SENT_BY_THE_APP, ...menuEvents, ...(graph.config.links ?? []).map((link) => link.event)]);
  for (const [name, step] of steps) {
    // A step file no journey state shows sends nothing; one that is itself unsound is reported there.
    if (!shown.has(name) || !step) continue;
    for (const button of step.buttons ?? []) sendable.add(button.event);
    for (const [, event] of sentEvents(step.uiSchema, '/uiSchema')) sendable.add(event);
  }
  // A step file the journey names that is unsound leaves its events unknown: nothing said then.
  if ([...shown].some((name) => steps.has(name) && steps.get(name) === undefined)) return [];
  const problems: Problem[] = [];
  const named = new Set<string>();
  for (const edge of graph.edges) {
    // A link's event no link declares is the links' check's to name (lintLinks.ts), once.
    if (edge.kind !== 'on' || sendable.has(edge.event) || edge.event.includes('*') || edge.event.startsWith('link.')) continue;
    const pointer = `${edge.source.pointer}/on${toPointer([edge.event])}`;
    if (named.has(pointer)) continue;
    named.add(pointer);
    problems.push({
      pointer,
      message: `nothing sends "${edge.event}": no button or field of a step the journey shows, no entry of the country's sidebar, no link of the journey, and the app does not send it by itself; give it a control on a screen, or remove it`,
      atName: true,
    });
  }
  return problems;
}
