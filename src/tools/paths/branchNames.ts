/**
 * A journey's branches by what they are, not where they sit in the file: the state a branch
 * leaves, its event, what tells it from the branches alike (its guard, or its example's value)
 * and the state it leads to, `verifyPhone.verifying.done[action=OTP Expirado].waiting`. A path of
 * `journeys:paths` is named after the branch it was made to take (src/tools/paths/journeyPaths.ts),
 * so these names are what a tester types to replay one: nothing in them counts states or
 * transitions, and moving either in the file leaves them as they were.
 */
import { pointerSegments } from '../../pack/jsonPointer';
import type { GraphEdge, GraphNode, JourneyGraph } from '../../pack/journeyGraph';
import type { JsonValue, NamedRef } from '../../pack/journeyTypes';

/** The step a state shows: itself or its nearest ancestor with a route. */
function stepOf(node: GraphNode): GraphNode | undefined {
  for (let n: GraphNode | undefined = node; n; n = n.parent) if (n.meta.route !== undefined) return n;
  return undefined;
}

/**
 * Each state by its step and its place in it (`verifyPhone.verifying`, `activation.polling.checking`:
 * two steps' `verifying` told apart), a step or a state outside any by its key; states that would
 * still share a name (outside any step) by their whole path. What a path's or a tour's name
 * says it ends at, and its branch leaves from.
 */
export function stateNames({ nodes }: Pick<JourneyGraph, 'nodes'>): Map<GraphNode, string> {
  const named = new Map(
    nodes.map((node) => {
      const step = stepOf(node);
      return [node, step ? node.path.slice(Math.max(step.path.length - 1, 0)).join('.') || node.key : node.key] as const;
    }),
  );
  const holders = new Map<string, number>();
  for (const name of named.values()) holders.set(name, (holders.get(name) ?? 0) + 1);
  for (const [node, name] of named) if ((holders.get(name) ?? 0) > 1 && node.path.length > 0) named.set(node, node.path.join('.'));
  return named;
}

/** An event in a word: `submit` (a step's), `menu.newClient`, `done` and `error` (a call's answer), `after5000`. */
function eventWord(edge: GraphEdge): string {
  if (edge.kind === 'done' || edge.kind === 'error') return edge.kind;
  if (edge.kind === 'after') return edge.label.replace(' ', '');
  return edge.event.replace(/^step\./, '');
}

/**
 * A pointer a guard reads, by the field it names: the last segment (`/event/output/action` →
 * `action`; `…/id_number/value` → `id_number`), or, `full`, the whole of it below the event's
 * `output`/`data`/`error` or below `/context` (`sale.retries.idFront`).
 */
function fieldOf(pointer: string, full: boolean): string {
  let segments = pointerSegments(pointer);
  if (segments[0] === 'event' || segments[0] === 'context') segments = segments.slice(1);
  if (pointer.startsWith('/event/') && segments.length > 1) segments = segments.slice(1);
  if (full) return segments.join('.');
  const last = segments.at(-1);
  return (last === 'value' && segments.length > 1 ? segments.at(-2) : last) ?? pointer;
}

const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A guard in a few characters: `action=OTP Expirado`, `cost` (there is one), `idFront>=3`, `nodeClass=10`, `a&b`. */
function guardWords(ref: NamedRef, full: boolean): string {
  if (typeof ref === 'string') return ref;
  const p = ref.params ?? {};
  const field = (key: string) => fieldOf(String(p[key]), full);
  const inner = (refs: unknown) => (Array.isArray(refs) ? (refs as NamedRef[]) : []).map((r) => guardWords(r, full));
  switch (ref.type) {
    case 'equals':
      return `${field('at')}=${p.from !== undefined ? field('from') : valueText(p.value)}`;
    case 'exists':
      return field('at');
    case 'matches': {
      // A pattern that is one literal value (`^10$`) reads as that value.
      const literal = /^\^([^\\^$.*+?()[\]{}|]*)\$$/.exec(String(p.pattern));
      return literal ? `${field('at')}=${literal[1]}` : `${field('at')}~${String(p.pattern)}`;
    }
    case 'atLeast':
      return `${field('at')}>=${valueText(p.value)}`;
    case 'withinEditDistance':
      return `${field('a')}≈${field('b')}`;
    case 'all':
      return inner(p.of).join('&');
    case 'any':
      return `(${inner(p.of).join('|')})`;
    case 'not':
      return `!(${guardWords(p.guard as NamedRef, full)})`;
    default:
      return ref.type;
  }
}

/** Every leaf of an example, by its segments: `{ output: { action: 'x' } }` → `[['output', 'action'], 'x']`. */
function leavesOf(value: JsonValue | undefined, at: string[] = []): Array<[string[], JsonValue]> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) {
    return Object.entries(value).flatMap(([key, inner]) => leavesOf(inner, [...at, key]));
  }
  return value === undefined ? [] : [[at, value]];
}

const exampleOf = (edge: GraphEdge): JsonValue | undefined => edge.transition.meta?.example ?? edge.transition.meta?.examples?.[0];

/**
 * What tells a branch without a guard from the guarded ones alike: the first value of its example
 * that none of theirs has (`action=OTP Incorrecto`, `output=null`), else `else`: it is the branch
 * taken when their guards fail.
 */
function unguardedWords(edge: GraphEdge, alike: GraphEdge[], full: boolean): string {
  const others = alike.filter((other) => other !== edge).map((other) => exampleOf(other));
  for (const [at, value] of leavesOf(exampleOf(edge))) {
    const valueAt = (example: JsonValue | undefined) => at.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), example);
    if (others.every((example) => JSON.stringify(valueAt(example)) !== JSON.stringify(value))) {
      const named = at.length > 1 ? at.slice(1) : at;
      return `${full ? named.join('.') : (named.at(-1) ?? '')}=${valueText(value)}`;
    }
  }
  return 'else';
}

/** Each of branches alike (same state, event and target) by its guard or example, the short form unless two would read the same. */
function telling(alike: GraphEdge[]): Map<GraphEdge, string> {
  const words = (full: boolean) => alike.map((edge) => [edge, edge.guard !== undefined ? guardWords(edge.guard, full) : unguardedWords(edge, alike, full)] as const);
  const short = words(false);
  return new Map(new Set(short.map(([, w]) => w)).size === short.length ? short : words(true));
}

/**
 * Every branch of a journey by name: `<state>.<event>.<target>` (`emailChecking.error.registering`,
 * `leadDetail.lead.editAddress.leadEdit`, `stay` for no target), the state by its step and its
 * place in it (`verifyPhone.verifying.done.waiting`, the target by its place in the same step),
 * and branches alike in all three told apart by their guard, or their example's value where they
 * have none: `verifyPhone.verifying.done[action=OTP Expirado].waiting`, `…done[action=OTP Incorrecto].waiting`.
 */
export function branchNames({ nodes, edges }: Pick<JourneyGraph, 'nodes' | 'edges'>): Map<GraphEdge, string> {
  const states = stateNames({ nodes });
  const stateName = (node: GraphNode) => states.get(node) ?? node.key;
  const targetName = (edge: GraphEdge) => {
    const target = edge.targets[0]?.node;
    if (!target) return 'stay';
    // A state of the branch's own step by its place in the step: `waiting`, not `verifyPhone.waiting`.
    const step = stepOf(edge.source);
    const name = stateName(target);
    return step && step !== target && name.startsWith(`${step.key}.`) && stepOf(target) === step ? name.slice(step.key.length + 1) : name;
  };
  const base = new Map(edges.map((edge) => [edge, [stateName(edge.source), eventWord(edge), targetName(edge)] as const]));
  const groups = new Map<string, GraphEdge[]>();
  for (const [edge, parts] of base) {
    const key = JSON.stringify(parts);
    groups.set(key, [...(groups.get(key) ?? []), edge]);
  }
  const names = new Map<GraphEdge, string>();
  for (const alike of groups.values()) {
    const told = alike.length > 1 ? telling(alike) : new Map<GraphEdge, string>();
    for (const edge of alike) {
      const [state, event, target] = base.get(edge) as readonly [string, string, string];
      const words = told.get(edge);
      names.set(edge, `${state}.${event}${words === undefined ? '' : `[${words}]`}.${target}`);
    }
  }
  return names;
}
