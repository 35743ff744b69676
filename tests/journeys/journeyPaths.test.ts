import { describe, expect, it } from 'vitest';
import { journeyPaths } from '../../src/tools/paths/journeyPaths';
import { driveJourney } from '../support/driveJourney';
import { loadJourney } from '../support/journeyFiles';
import type { Outcome } from '../support/standInActors';

/** Each country's journey and the terminal steps its paths end at. */
const journeys: Array<[string, string[]]> = [
  ['sv', ['/deuda-pendiente', '/orden-exito', '/orden-fallida', '/orden-fallida-timeout']],
  ['hn', ['/mitigo', '/orden-exito', '/transaccion-activa']],
];
const isCall = (type: string) => type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.');

describe.each(journeys)('journeys/%s.json paths', (country, ends) => {
  const journey = loadJourney(`journeys/${country}.json`);
  const { paths, uncovered } = journeyPaths(journey);

  it('takes every branch of the file on some path', () => {
    expect(uncovered.map((e) => e.pointer)).toEqual([]);
  });

  // An agent taps only once the journey is settled (the app's buttons wait while a call is in
  // flight): a path that had them act meanwhile (resend a code while it was being sent) could
  // not be replayed against a provider, which answers before the agent gets the chance.
  it('has the agent act only once the call that moves the journey on has answered', () => {
    const movedByCall = new Set(journey.graph.edges.filter((e) => (e.kind === 'done' || e.kind === 'error') && e.targets.some((t) => t.node && t.node !== e.source)).map((e) => e.source.id));
    const acting = paths.flatMap((p) => p.steps.filter((s) => !isCall(s.event.type) && !s.event.type.startsWith('xstate.after.') && movedByCall.has(s.stateId)).map((s) => `${p.name}: ${s.event.type} at ${s.stateId}`));
    expect(acting).toEqual([]);
  });

  it('reaches every terminal step of the journey', () => {
    expect([...new Set(paths.map((p) => p.end.route))].sort()).toEqual(ends);
  });

  // Each path replayed in a real actor: the agent's events sent, the calls answered by stand-ins.
  // A call's answer is queued just before the event that starts it, so a call the path leaves
  // unanswered (the agent moved on first) stays in flight, as it did when the path was found.
  it.each(paths.map((p, i) => [i, p.end.route, p] as const))('path %i to %s replays to its end', async (_i, _end, path) => {
    const actorOf = (type: string) => type.replace(/^xstate\.(done|error)\.actor\./, '');
    const outcomeOf = (type: string, event: Record<string, unknown>): Outcome =>
      type.startsWith('xstate.done') ? { actor: actorOf(type), output: event.output } : { actor: actorOf(type), error: event.error };
    const answersAfter = (index: number) => {
      const answers: Outcome[] = [];
      for (let i = index + 1; i < path.steps.length; i++) {
        const step = path.steps[i];
        if (!step || !isCall(step.event.type)) break;
        answers.push(outcomeOf(step.event.type, step.event));
      }
      return answers;
    };
    const run = driveJourney(journey);
    run.answer(...answersAfter(-1));
    await run.settle();
    for (const [index, step] of path.steps.entries()) {
      if (isCall(step.event.type)) continue; // answered by the stand-in queued before it
      expect(run.stateId()).toBe(step.stateId);
      // Every step the agent acts on is a screen with a route.
      expect(run.route()).toBeDefined();
      run.answer(...answersAfter(index));
      await run.send(step.event);
    }
    expect(run.stateId()).toBe(path.end.stateId);
    expect(run.step()?.end).toBe(true);
    const answered = path.steps.filter((s) => isCall(s.event.type)).map((s) => actorOf(s.event.type));
    expect(run.calls.filter((c) => c.answered).map((c) => c.name)).toEqual(answered);
    expect(run.pending()).toBe(0);
  });
});
