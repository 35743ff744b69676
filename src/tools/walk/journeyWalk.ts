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
import { currentStep, routeOf, type CompiledJourney } from '../../runtime/compileJourney';

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

/** Walks the journey: `actorNames` are the country's actors, each answered by the person walking. */
export async function walkJourney(journey: CompiledJourney, actorNames: readonly string[], lines: WalkLines): Promise<void> {
  /** A provider call answered by the person walking: one of the branches the journey knows. */
  let pendingCall: { invoke: string; settle: (edge: GraphEdge) => void } | undefined;
  const actors = Object.fromEntries(
    actorNames.map((name) => [
      name,
      fromPromise<unknown, Record<string, unknown>>(
        () =>
          new Promise((resolve, reject) => {
            pendingCall = {
              invoke: name,
              settle: (edge) => (edge.kind === 'error' ? reject(example(edge).error ?? { message: 'error' }) : resolve(example(edge).output ?? null)),
            };
          }),
      ),
    ]),
  );

  const actor = createActor(journey.machine.provide({ actors: actors as never })).start();
  console.log(`Journey ${journey.id} (${journey.config.meta?.title ?? ''}). Type q to quit.\n`);
  let lastShown = '';
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const snapshot = actor.getSnapshot();
    const step = currentStep(journey, snapshot);
    const context = snapshot.context as { ui?: { message?: string | null } };
    const place = step ? routeOf(step, snapshot.context) : '(no screen)';
    const shown = `${place}|${context.ui?.message ?? ''}`;
    if (shown !== lastShown) {
      const progress = step?.progress ? ` ${step.progress.n}/${step.progress.of}` : '';
      console.log(`\n== ${place}${progress}${step?.end ? '  (end of flow)' : ''}`);
      if (context.ui?.message) console.log(`   mensaje: ${context.ui.message}`);
      lastShown = shown;
    }
    if (snapshot.status !== 'active') break;
    const active = activeNodes(journey.graph, snapshot.value);
    const leaf = active[active.length - 1];
    if (!leaf) break;
    const edges = edgesActiveIn(journey.graph, leaf).filter((e) => e.kind !== 'always');
    const call = pendingCall;
    if (call) {
      const answers = edges.filter((e) => e.invoke?.src === call.invoke && (e.kind === 'done' || e.kind === 'error'));
      const picked = await choose(
      lines,
        `The journey calls ${call.invoke}. Its answer:`,
        answers.map((e) => ({ label: `${e.kind === 'done' ? 'answers' : 'fails'}${describeExample(e)}`, value: e })),
      );
      if (!picked) break;
      pendingCall = undefined;
      call.settle(picked);
      continue;
    }
    const userEvents = edges.filter((e) => e.kind === 'on');
    const picked = await choose(
      lines,
      'What the agent can do:',
      userEvents.map((e) => ({ label: `${e.event}${describeExample(e)}`, value: e })),
    );
    if (!picked) break;
    actor.send({ type: picked.event, ...example(picked) } as never);
  }
  actor.stop();
}
