/**
 * `npm run bench:journeys`: how long loading, checking and compiling every journey takes in
 * Node, data contracts included (the context's shape and every pointer, the shell's events),
 * against the 200 ms budget of docs/architecture.md. The provider's specs and the step screens they read
 * are loaded before timing (their own checks are not this budget's). Cold is the first pass in this process (the
 * meta-schema and lint validators compiled on the way), warm the median of later passes.
 * Prints ratios to the budget; exits 1 when cold is over it. Not a test: timings vary by machine.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { checkJourney } from '../../src/checker/checkJourney';
import { checkStepFile } from '../../src/checker/checkStepFile';
import { compileJourney } from '../../src/runtime/compileJourney';
import { lintJourneyData } from '../../src/checker/lintJourneyData';
import { lintShellEvents } from '../../src/checker/shellEvents';
import type { StepFile } from '../../src/pack/stepFile';
import { countryActors, countryOperations } from '../../src/openapi/countryActors';
import { journeyFiles } from '../../src/pack/journeyFiles';

const BUDGET_MS = 200;
const files = journeyFiles();
// The provider's specs and the step screens are loaded once: the data contracts read them.
const stepsOf = (country: string) => {
  const dir = join('schemas/steps', country.toLowerCase());
  const names = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  return new Map<string, StepFile | undefined>(names.map((f) => [basename(f, '.json'), checkStepFile(join(dir, f), basename(f, '.json'), readFileSync(join(dir, f), 'utf8')).step]));
};
const steps = new Map<string, Map<string, StepFile | undefined>>();
const operations = new Map<string, ReturnType<typeof countryOperations>>();
for (const file of files) {
  const country = (JSON.parse(readFileSync(file, 'utf8')) as { meta?: { country?: string } }).meta?.country ?? '';
  if (!steps.has(country)) steps.set(country, stepsOf(country));
  if (!operations.has(country)) operations.set(country, countryOperations(country));
}

function pass(): number {
  const started = performance.now();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const { config, problems } = checkJourney(file, text, countryActors);
    if (!config || problems.length > 0) throw new Error(`${file} has problems: run npm run journeys:check`);
    const compiled = compileJourney(config, text);
    const data = lintJourneyData(compiled.graph, steps.get(config.meta?.country ?? '') ?? new Map(), operations.get(config.meta?.country ?? '') ?? []);
    if (data.journey.length > 0 || lintShellEvents(compiled.graph).length > 0) throw new Error(`${file} has problems: run npm run journeys:check`);
  }
  return performance.now() - started;
}

const cold = pass();
const warm = Array.from({ length: 15 }, pass).sort((a, b) => a - b);
const median = warm[Math.floor(warm.length / 2)] as number;
const line = (label: string, ms: number) => `${label.padEnd(6)} ${ms.toFixed(1).padStart(7)} ms  ratio to budget ${(ms / BUDGET_MS).toFixed(2)}`;
console.log(`load + check + compile + data contracts, ${files.length} journey file(s), budget ${BUDGET_MS} ms`);
console.log(line('cold', cold));
console.log(line('warm', median));
if (cold > BUDGET_MS) {
  console.log('OVER BUDGET');
  process.exit(1);
}
