/**
 * The live app's events as a product owner reads them: XState's own names (`xstate.done.actor.<id>`,
 * `xstate.after.<ms>.<state>`) in the journey file's words (`done <call>`, `after <ms>`), and a
 * run of the same event (a step's draft, sent as the agent types) as one line with its count.
 */
import type { StateValue } from 'xstate';
import type { InspectSnapshot } from '../../app/inspectChannel';

export function eventName(type: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done) return `done ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (error) return `error ${error[1]}`;
  const after = /^xstate\.after\.(\d+)\./.exec(type);
  if (after) return `after ${after[1]} ms`;
  if (type === 'xstate.init') return 'start';
  return type;
}

/** A state value as the path of its innermost states (`signedIn.sale.idFront`), parallel regions joined by ` | `. */
export function stateName(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, inner]) => (inner && (typeof inner === 'string' || Object.keys(inner).length > 0) ? `${key}.${stateName(inner as StateValue)}` : key))
    .join(' | ');
}

export interface LiveLine {
  at: number;
  event: string;
  state: string;
  /** How many times in a row the same event led to the same state. */
  times: number;
}

/** Snapshots (newest first) as lines, a run of one event to one state folded into one line. */
export function liveLines(snapshots: readonly InspectSnapshot[]): LiveLine[] {
  const lines: LiveLine[] = [];
  for (const snapshot of snapshots) {
    const line = { at: snapshot.at, event: eventName(snapshot.event), state: stateName(snapshot.value), times: 1 };
    const last = lines[lines.length - 1];
    if (last && last.event === line.event && last.state === line.state) last.times++;
    else lines.push(line);
  }
  return lines;
}
