import journeySchema from '../../schemas/journey.schema.json' with { type: 'json' };
import { suggestion } from '../pack/didYouMean';
import { edgesActiveIn, type JourneyGraph } from '../pack/journeyGraph';
import { toPointer } from '../pack/jsonPointer';
import { actionSites } from './pointerSites';
import type { Problem } from './problem';

/** Where a journey must handle a shell event: on its root, wherever the agent is signed in, or on its root when it has a `leave` action (the event answers it). */
export type ShellEventScope = 'root' | 'private' | 'leave';

export interface ShellEvent {
  /** The event's name, or for a family (`menu.*`) the pattern its names follow. */
  name: string;
  pattern?: RegExp;
  handled: ShellEventScope;
  description: string;
}

interface Declared {
  const?: string;
  pattern?: string;
  'x-handled': ShellEventScope;
  description: string;
}

/** The shell's events, as the journey meta-schema declares them (`$defs/shellEvent`). */
export const shellEvents: ShellEvent[] = (journeySchema.$defs.shellEvent.anyOf as Declared[]).map((d) => ({
  name: d.const ?? d.pattern ?? '',
  ...(d.pattern ? { pattern: new RegExp(d.pattern) } : {}),
  handled: d['x-handled'],
  description: d.description,
}));

/** Namespaces only the shell sends in: a journey event named there must be a shell event. */
const SHELL_NAMESPACES = ['session.', 'app.'];

const list = (names: string[]) => {
  const shown = names.slice(0, 3).map((n) => `"${n}"`).join(', ');
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
};

/**
 * Which of the shell's events a journey leaves unhandled (issue 12, point 6): `root` events on
 * the journey's own `on`, `private` ones on every private step (itself or a state holding it).
 * `menuEvents` are the sidebar's entries of the journey's country (its country file); without
 * them only the fixed events are checked. An event the journey handles in a shell namespace
 * that the shell never sends (a typo: `session.unauthorised`) is named too.
 */
export function lintShellEvents(graph: JourneyGraph, menuEvents: readonly string[] = []): Problem[] {
  const problems: Problem[] = [];
  const fixed = shellEvents.filter((e) => !e.pattern).map((e) => e.name);
  const rootOn = graph.config.on ?? {};
  const rootPointer = graph.config.on ? '/on' : '';
  const privateSteps = graph.nodes.filter((n) => n.meta.route !== undefined && n.meta.public !== true);
  const expected: Array<{ name: string; handled: ShellEventScope }> = [
    ...shellEvents.filter((e) => !e.pattern).map((e) => ({ name: e.name, handled: e.handled })),
    ...menuEvents.map((name) => ({ name, handled: shellEvents.find((e) => e.pattern?.test(name))?.handled ?? ('private' as const) })),
  ];
  const leaves = actionSites(graph).some((site) => site.type === 'leave');
  for (const { name, handled } of expected) {
    if (handled === 'leave' && !leaves) continue;
    if (handled === 'root' || handled === 'leave') {
      const why = handled === 'leave' ? "it answers the journey's leave" : 'it can come at any moment';
      if (!(name in rootOn)) problems.push({ pointer: rootPointer, message: `the shell's event "${name}" is not handled: add it to the journey's own "on" (${why})` });
      continue;
    }
    const missing = privateSteps.filter((step) => !edgesActiveIn(graph, step).some((e) => e.kind === 'on' && e.event === name));
    if (missing.length > 0) {
      problems.push({
        pointer: rootPointer,
        message: `the shell's event "${name}" is not handled on the private step${missing.length > 1 ? 's' : ''} ${list(missing.map((s) => s.key))}: handle it on a state that holds them (or on the journey's own "on")`,
      });
    }
  }
  const named = new Set<string>();
  for (const edge of graph.edges) {
    if (edge.kind !== 'on' || !SHELL_NAMESPACES.some((ns) => edge.event.startsWith(ns)) || fixed.includes(edge.event)) continue;
    const pointer = `${edge.source.pointer}/on${toPointer([edge.event])}`;
    if (named.has(pointer)) continue;
    named.add(pointer);
    problems.push({
      pointer,
      message: `"${edge.event}" is not an event the shell sends${suggestion(edge.event, fixed)}`,
      atName: true,
    });
  }
  return problems;
}
