/**
 * `npm run bench:journeys`: how long loading, checking and compiling every journey takes in
 * Node, against the 200 ms budget of DESIGN.md. Cold is the first pass in this process (the
 * meta-schema and lint validators compiled on the way), warm the median of later passes.
 * Prints ratios to the budget; exits 1 when cold is over it. Not a test: timings vary by machine.
 */
import { readFileSync } from 'node:fs';
import { checkJourney } from '../../src/engine/checkJourney';
import { compileJourney } from '../../src/engine/compileJourney';
import { countryActors } from '../countryActors';
import { journeyFiles } from '../journeyFiles';

const BUDGET_MS = 200;
const files = journeyFiles();

function pass(): number {
  const started = performance.now();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const { config, problems } = checkJourney(file, text, countryActors);
    if (!config || problems.length > 0) throw new Error(`${file} has problems: run npm run journeys:check`);
    compileJourney(config, text);
  }
  return performance.now() - started;
}

const cold = pass();
const warm = Array.from({ length: 15 }, pass).sort((a, b) => a - b);
const median = warm[Math.floor(warm.length / 2)] as number;
const line = (label: string, ms: number) => `${label.padEnd(6)} ${ms.toFixed(1).padStart(7)} ms  ratio to budget ${(ms / BUDGET_MS).toFixed(2)}`;
console.log(`load + check + compile, ${files.length} journey file(s), budget ${BUDGET_MS} ms`);
console.log(line('cold', cold));
console.log(line('warm', median));
if (cold > BUDGET_MS) {
  console.log('OVER BUDGET');
  process.exit(1);
}
