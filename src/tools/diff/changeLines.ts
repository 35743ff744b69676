import type { IntentEffects, JourneyChange } from './journeyChange';

/**
 * A change on one line: `+ call cc.signedIn.sale.checking: api.check`,
 * `renamed cc.signedIn.sale.income → cc.signedIn.sale.customerIncome`,
 * `moved cc.signedIn.sale.terms: now after clauses, before clientSignature (was after verifyEmail, before authorizations)`.
 */
export function formatChange(change: JourneyChange): string {
  if (change.change === 'stranded') return `! sales in progress at ${change.where} ${change.detail ?? ''}`;
  if (change.change === 'renamed') return `renamed ${change.from ?? '?'} → ${change.where}`;
  if (change.change === 'moved') return `moved ${change.from ? `${change.from} → ` : ''}${change.where}: ${change.detail ?? ''}`;
  const sign = change.change === 'added' ? '+' : change.change === 'removed' ? '-' : '~';
  return `${sign} ${change.kind} ${change.where}${change.detail ? `: ${change.detail}` : ''}`;
}

/** The progress numbers a change alters, on one line: `progress: cc...terms 16/23 → 18/23, ...`. */
function progressLine(effects: IntentEffects): string {
  if (effects.progress.length === 0) return 'progress: no step’s number changes';
  const one = (p: IntentEffects['progress'][number]) => `${p.step} ${p.before ?? '(none)'} → ${p.after ?? '(none)'}`;
  return `progress: ${effects.progress.map(one).join(', ')}`;
}

/** The paths a change alters, a line each kind: renamed, gone, new, steps changed; or why they are not known. */
function pathLines(effects: IntentEffects): string[] {
  const paths = effects.paths;
  if (!paths) return [`paths: ${effects.pathsNote ?? 'not worked out'}`];
  const lines = [
    ...paths.renamed.map((p) => `path renamed: ${p.from} → ${p.to}`),
    ...paths.gone.map((name) => `path gone: ${name}`),
    ...paths.added.map((name) => `path new: ${name}`),
    ...(paths.changed.length > 0 ? [`paths whose steps change (${paths.changed.length}): ${paths.changed.join(', ')}`] : []),
  ];
  return lines.length > 0 ? lines : ['paths: none changes'];
}

/**
 * What a rename or a move alters, a line each, for under its own line: the transitions it
 * retargeted (`~ transition ...`), the progress numbers, the paths. None for other changes.
 */
export function effectLines(change: JourneyChange): string[] {
  const effects = change.effects;
  if (!effects) return [];
  return [...effects.transitions.map((line) => `~ transition ${line}`), progressLine(effects), ...pathLines(effects)];
}

/** How a state is marked on the diagram: the strongest of the changes on it. */
export type StateMark = 'added' | 'renamed' | 'moved' | 'changed';

const STRENGTH: StateMark[] = ['added', 'renamed', 'moved', 'changed'];

/**
 * The states of the new version a diff changes, each with its mark: added, renamed, moved, or
 * changed (its step, a transition, guard, action, call or message of its own). States removed
 * are not there to mark.
 *
 * @example changedStates(diffJourneys(before, after)).get('cc.signedIn.sale.customerIncome') // 'renamed'
 */
export function changedStates(changes: JourneyChange[]): Map<string, StateMark> {
  const marks = new Map<string, StateMark>();
  for (const change of changes) {
    if (!change.state || change.change === 'stranded' || (change.kind === 'state' && change.change === 'removed')) continue;
    const mark: StateMark = change.change === 'added' && change.kind === 'state' ? 'added' : change.change === 'renamed' || change.change === 'moved' ? change.change : 'changed';
    const known = marks.get(change.state);
    if (!known || STRENGTH.indexOf(mark) < STRENGTH.indexOf(known)) marks.set(change.state, mark);
  }
  return marks;
}
