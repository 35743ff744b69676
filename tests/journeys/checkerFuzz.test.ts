import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packChecker } from '../../src/checker/packChecker';
import { compileJourney } from '../../src/runtime/compileJourney';
import { driveJourney } from '../support/driveJourney';

// The journey checker against mutants of journeys/sv.json, a few hundred per run and different
// each run (the seed is printed; FUZZ_SEED=<n> repeats a run): whatever a product owner's editor
// or a careless paste makes of the file, the checker never crashes, every problem it reports has
// a place in the file, and a mutant it accepts compiles and runs the first events of a sale.
const FILE = 'journeys/sv.json';
const ORIGINAL = readFileSync(FILE, 'utf8');
const MUTANTS = 300;
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
console.log(`journey checker fuzz: seed ${seed} (FUZZ_SEED=${seed} repeats this run)`);

/** A small seeded generator (mulberry32): the same seed, the same mutants. */
function random(from: number) {
  let state = from >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { below: (n: number) => Math.floor(next() * n), pick: <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T };
}

// What a slip or a paste leaves: brackets, quotes, escapes, numbers JSON cannot carry, half characters, a value nested thousands deep.
const TOKENS = ['{', '}', '[', ']', ',', ':', '"', '\\', '1e999', '-0', '"\\uD800"', '"x": 1,', 'null', 'true', '\n', '[[[[[[[[[[', '"\\uDE00x"', '""', '0.5e-400', '"states": {},', `${'['.repeat(30_000)}${']'.repeat(30_000)}`];
const VALUES: unknown[] = [null, true, 0, -1, 1e300, '', 'x', [], {}, { type: 'final' }, '#sv.nowhere', { '': 1 }, [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]], 'step.submit', { guard: 'nothing' }];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every container of a value, with the keys inside it (to replace or rename one). */
function containers(root: Json): Array<Json[] | { [key: string]: Json }> {
  const found: Array<Json[] | { [key: string]: Json }> = [];
  const stack: Json[] = [root];
  while (stack.length > 0) {
    const value = stack.pop() as Json;
    if (value && typeof value === 'object') {
      found.push(value);
      stack.push(...(Array.isArray(value) ? value : Object.values(value)));
    }
  }
  return found;
}

/** One mutant of the file: a text edit (what a slip in an editor makes) or a value edit (what a careless change makes). */
function mutant(rng: ReturnType<typeof random>): { kind: string; text: string } {
  const lines = ORIGINAL.split('\n');
  const at = rng.below(ORIGINAL.length);
  switch (rng.below(7)) {
    case 0:
      return { kind: 'cut', text: ORIGINAL.slice(0, at) + ORIGINAL.slice(at + 1 + rng.below(40)) };
    case 1:
      return { kind: 'insert', text: ORIGINAL.slice(0, at) + rng.pick(TOKENS) + ORIGINAL.slice(at) };
    case 2: {
      const line = rng.below(lines.length);
      return { kind: 'line twice', text: [...lines.slice(0, line + 1), lines[line], ...lines.slice(line + 1)].join('\n') };
    }
    case 3: {
      const [a, b] = [rng.below(lines.length), rng.below(lines.length)];
      const swapped = [...lines];
      [swapped[a], swapped[b]] = [lines[b] as string, lines[a] as string];
      return { kind: 'lines swapped', text: swapped.join('\n') };
    }
    default: {
      const config = JSON.parse(ORIGINAL) as Json;
      const strings = ORIGINAL.match(/"[^"\\\n]{1,40}"/g) ?? ['"x"'];
      const inside = rng.pick(containers(config));
      const keys = Array.isArray(inside) ? inside.map((_, i) => String(i)) : Object.keys(inside);
      if (keys.length === 0) return { kind: 'nothing', text: ORIGINAL };
      const key = rng.pick(keys);
      const how = rng.below(3);
      if (how === 0) (inside as Record<string, Json>)[key] = rng.pick(VALUES) as Json;
      else if (how === 1) (inside as Record<string, Json>)[key] = JSON.parse(rng.pick(strings)) as Json;
      else if (!Array.isArray(inside)) {
        // Renamed in place: the same entries, in the same order, one key changed.
        const renamed = (JSON.parse(rng.pick(strings)) as string) || 'x';
        const entries = Object.entries(inside).map(([k, v]): [string, Json] => [k === key ? renamed : k, v]);
        for (const k of Object.keys(inside)) Reflect.deleteProperty(inside, k);
        Object.assign(inside, Object.fromEntries(entries));
      }
      return { kind: ['value', 'string', 'renamed key'][how] as string, text: JSON.stringify(config, null, 2) };
    }
  }
}

describe('the journey checker on mutants of journeys/sv.json', () => {
  it(`never crashes, locates every problem, and what it accepts compiles and runs (${MUTANTS} mutants, seed ${seed})`, { timeout: 240_000 }, async () => {
    const rng = random(seed);
    const checker = packChecker('.');
    const tally = { refused: 0, accepted: 0 };
    for (let n = 0; n < MUTANTS; n++) {
      const { kind, text } = mutant(rng);
      const what = `mutant ${n} (${kind}) of seed ${seed}`;
      let result: ReturnType<typeof checker.checkJourneyText>;
      try {
        result = checker.checkJourneyText(FILE, text);
      } catch (error) {
        throw new Error(`${what}: the checker crashed: ${String((error as Error).stack ?? error)}`);
      }
      const lineCount = text.split('\n').length;
      for (const problem of result.problems) {
        const located = problem.file.length > 0 && problem.line >= 1 && problem.line <= lineCount && problem.column >= 1 && problem.message.trim() !== '';
        expect(located, `${what}: ${JSON.stringify(problem)}`).toBe(true);
      }
      const ownProblems = result.problems.filter((p) => p.file === FILE);
      if (ownProblems.length > 0 || !result.check.config) {
        tally.refused++;
        continue;
      }
      tally.accepted++;
      // Accepted: it compiles, and signs in, opens a sale and goes back without an error.
      const run = driveJourney(compileJourney(result.check.config, text));
      run.answer({ actor: 'api.accessToken', output: { poa_msisdn: '70000001', uniqueIdentifier: 'U-1' } }, { actor: 'api.salesPersonDetails', output: { msisdn: '70000001', poaSellerCode: 'SV-POA-001', seller: { firstName: 'Carlos', lastName: 'Méndez' } } });
      for (const event of [{ type: 'step.submit', data: { pin: '2580' } }, { type: 'menu.newClient' }, { type: 'step.draft', data: {} }, { type: 'nav.back' }]) {
        await run.send(event);
        expect(run.actor.getSnapshot().status, `${what}: after ${event.type}`).not.toBe('error');
      }
      run.actor.stop();
    }
    console.log(`journey checker fuzz: ${tally.refused} refused with located problems, ${tally.accepted} accepted and run`);
    // Most mutants break the file; some must pass, or the run checked nothing that compiles.
    expect(tally.refused).toBeGreaterThan(MUTANTS / 3);
  });
});
