import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files in the order two workers finish soonest: the longest first, by the durations a
 * CI run took (tests/fileDurations.json, seconds), the rest after them in vitest's own order.
 *
 * Why: on a clean checkout vitest has no record of durations and runs the larger files first, so
 * the browser tours (a few lines each, minutes each) ran last, one worker busy with them for
 * minutes after the other had finished. Durations that grow stale only cost balance, not
 * correctness; a file missing from the list runs after those in it.
 */
export default class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = JSON.parse(readFileSync('tests/fileDurations.json', 'utf8')) as Record<string, number>;
    const known = (spec: TestSpecification) => durations[relative(this.ctx.config.root, spec.moduleId).split('\\').join('/')] ?? -1;
    const ordered = await super.sort(files);
    // Array.prototype.sort is stable: files with no duration keep vitest's order among them.
    return [...ordered].sort((a, b) => known(b) - known(a));
  }
}
