/**
 * A walk of a country's journey in the terminal, step by step, before the
 * screens exist. At each step it shows the route, progress and message, and lists what the
 * agent can do (the events the journey accepts there, with the example data written in the
 * journey file); when the journey calls the provider it lists the answers the journey knows
 * (the examples of each onDone/onError branch). Type a number to choose, `q` to quit.
 * Product owners use it to try a journey they edit; testers to reproduce a path by hand.
 */

import { createActor, fromPromise } from 'xstate';
import { activeNodes } from '../../pack/activeNodes';
import { edgesActiveIn, type GraphEdge } from '../../pack/journeyGraph';
import { currentStep, routeOf, type CompiledJourney, type JourneySnapshot } from '../../runtime/compileJourney';

/** Lines typed by the person walking, read on demand (answers typed ahead or piped in are not lost). */
export type WalkLines = AsyncIterator<string>;

async function choose<T>(lines: WalkLines, title: string, options: Array<{ label: string; value: T }>): Promise<T | undefined> {
  console.log(title);
  options.forEach((o, i) => console.log(`  ${i + 1}. ${o.label}`));
  for (;;) {
    process.stdout.write('> ');
    const next = await lines.next();
    const answer = next.done ? 'q' : String(next.value).trim();
    if (!process.stdin.isTTY) console.log(answer);
    if (answer === 'q') return undefined;
    const picked = options[Number(answer) - 1];
    if (picked) return picked.value;
    console.log(`Type a number from 1 to ${options.length}, or q to quit.`);
  }
}

const example = (edge: GraphEdge) => edge.transition.meta?.example ?? edge.transition.meta?.examples?.[0] ?? {};
const describeExample = (edge: GraphEdge) => {
  const text = JSON.stringify(example(edge));
  return text === '{}' ? '' : ` ${text.length > 100 ? text.slice(0, 97) + '...' : text}`;
};

/** A provider call waiting for the person walking to answer it: one of the branches the journey knows. */
interface PendingCall {
  invoke: string;
  settle: (edge: GraphEdge) => void;
}

/**
 * The country's actors, each a provider call answered by the person walking: `pending` is the
 * call waiting for its answer, which the walk settles with the branch chosen.
 */
function handAnsweredActors(actorNames: readonly string[]) {
  const calls: { pending?: PendingCall | undefined } = {};
  const actors = Object.fromEntries(
    actorNames.map((name) => [
      name,
      fromPromise<unknown, Record<string, unknown>>(
        () =>
          new Promise((resolve, reject) => {
            calls.pending = {
              invoke: name,
              settle: (edge) => (edge.kind === 'error' ? reject(example(edge).error ?? { message: 'error' }) : resolve(example(edge).output ?? null)),
            };
          }),
      ),
    ]),
  );
  return { actors, calls };
}

/** Prints where the journey is (route, progress, message) when it changed since `lastShown`; what is shown now. */
function showPlace(journey: CompiledJourney, snapshot: JourneySnapshot, lastShown: string): string {
  const step = currentStep(journey, snapshot);
  const context = snapshot.context as { ui?: { message?: string | null } };
  const place = step ? routeOf(step, snapshot.context) : '(no screen)';
  const shown = `${place}|${context.ui?.message ?? ''}`;
  if (shown !== lastShown) {
    const progress = step?.progress ? ` ${step.progress.n}/${step.progress.of}` : '';
    console.log(`\n== ${place}${progress}${step?.end ? '  (end of flow)' : ''}`);
    if (context.ui?.message) console.log(`   mensaje: ${context.ui.message}`);
  }
  return shown;
}

/** The branches the journey can take from where it is, but those it takes by itself (`always`): none once it has ended. */
function edgesFrom(journey: CompiledJourney, snapshot: JourneySnapshot): GraphEdge[] | undefined {
  if (snapshot.status !== 'active') return undefined;
  const active = activeNodes(journey.graph, snapshot.value);
  const leaf = active[active.length - 1];
  if (!leaf) return undefined;
  return edgesActiveIn(journey.graph, leaf).filter((e) => e.kind !== 'always');
}

/** The answer the person walking chooses for the pending call, among the journey's branches for it. */
function chooseAnswer(lines: WalkLines, edges: GraphEdge[], call: PendingCall): Promise<GraphEdge | undefined> {
  const answers = edges.filter((e) => e.invoke?.src === call.invoke && (e.kind === 'done' || e.kind === 'error'));
  return choose(
    lines,
    `The journey calls ${call.invoke}. Its answer:`,
    answers.map((e) => ({ label: `${e.kind === 'done' ? 'answers' : 'fails'}${describeExample(e)}`, value: e })),
  );
}

/** The agent's event the person walking chooses, among those the journey accepts where it is. */
function chooseEvent(lines: WalkLines, edges: GraphEdge[]): Promise<GraphEdge | undefined> {
  const userEvents = edges.filter((e) => e.kind === 'on');
  return choose(
    lines,
    'What the agent can do:',
    userEvents.map((e) => ({ label: `${e.event}${describeExample(e)}`, value: e })),
  );
}

/** Walks the journey: `actorNames` are the country's actors, each answered by the person walking. */
export async function walkJourney(journey: CompiledJourney, actorNames: readonly string[], lines: WalkLines): Promise<void> {
  const { actors, calls } = handAnsweredActors(actorNames);
  const actor = createActor(journey.machine.provide({ actors })).start();
  console.log(`Journey ${journey.id} (${journey.config.meta?.title ?? ''}). Type q to quit.\n`);
  let lastShown = '';
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const snapshot = actor.getSnapshot();
    lastShown = showPlace(journey, snapshot, lastShown);
    const edges = edgesFrom(journey, snapshot);
    if (!edges) break;
    const call = calls.pending;
    if (call) {
      const picked = await chooseAnswer(lines, edges, call);
      if (!picked) break;
      calls.pending = undefined;
      call.settle(picked);
      continue;
    }
    const picked = await chooseEvent(lines, edges);
    if (!picked) break;
    actor.send({ type: picked.event, ...example(picked) });
  }
  actor.stop();
}
