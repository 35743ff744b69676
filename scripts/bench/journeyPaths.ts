/**
 * `npm run bench:paths`: why `journeys:paths` finds its paths with xstate's adjacency map and
 * its own breadth-first walks rather than xstate's `getShortestPaths` or `getSimplePaths`
 * (issue #15 asked for the measured reason). Each is run on every journey with the same
 * exploration (events from each branch's examples, snapshots alike when their state and what
 * guards read are alike) and reported side by side: time, paths, how many end at a terminal
 * step, and how many of the file's branches the paths take. Not a test: timings vary by machine.
 */
import { spawnSync } from 'node:child_process';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { journeyPaths, journeyTraversal } from '../../src/tools/paths/journeyPaths';
import type { JourneySnapshot } from '../../src/runtime/compileJourney';
import type { GraphEdge } from '../../src/pack/journeyGraph';
import { journeyFiles } from '../../src/pack/journeyFiles';
import { loadJourneyFile } from '../../src/checker/loadJourneyFile';

type Step = { state: unknown; event: { type: string } & Record<string, unknown> };
const SIMPLE_PATHS_LIMIT_MS = 30_000;

const time = <T>(work: () => T): [T, number] => {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
};

// `--simple <file>`: the simple paths of one journey, in a process of its own that can be stopped.
const simpleOf = process.argv.indexOf('--simple');
if (simpleOf >= 0) {
  const journey = loadJourneyFile(process.argv[simpleOf + 1] as string);
  const traversal = journeyTraversal(journey);
  const [paths, ms] = time(() => getSimplePaths(traversal.logic, { events: traversal.events as never, serializeState: traversal.serialize as never, limit: 50_000 }));
  console.log(`${ms.toFixed(0).padStart(6)} ms  ${String(paths.length).padStart(5)} paths`);
  process.exit(0);
}

for (const file of journeyFiles()) {
  const journey = loadJourneyFile(file);
  const branches = journey.graph.edges.filter((e) => e.kind !== 'always');
  const traversal = journeyTraversal(journey);
  const options = { events: traversal.events as never, serializeState: traversal.serialize as never, limit: 50_000 };
  /** The branches a set of xstate paths takes (each step's event from the snapshot before it). */
  const taken = (paths: Array<{ steps: Step[] }>, start: JourneySnapshot) => {
    const seen = new Set<GraphEdge>();
    for (const path of paths) {
      let before = start;
      for (const step of path.steps) {
        const edge = traversal.branchTaken(before, step.event as never);
        if (edge) seen.add(edge);
        before = step.state as JourneySnapshot;
      }
    }
    return seen.size;
  };
  const start = journey.machine.getInitialSnapshot(undefined as never) as unknown as JourneySnapshot;

  const [ours, oursMs] = time(() => journeyPaths(journey));
  console.log(`${file}: ${branches.length} branches`);
  console.log(
    `  journeys:paths        ${oursMs.toFixed(0).padStart(6)} ms  ${String(ours.paths.length).padStart(5)} paths, all from the sign-in to a terminal step; ${branches.length - ours.uncovered.length} of ${branches.length} branches taken`,
  );
  const [shortest, shortestMs] = time(() => getShortestPaths(traversal.logic, options) as unknown as Array<{ state: unknown; steps: Step[] }>);
  const ending = shortest.filter((p) => traversal.terminal(p.state as JourneySnapshot)).length;
  console.log(
    `  getShortestPaths      ${shortestMs.toFixed(0).padStart(6)} ms  ${String(shortest.length).padStart(5)} paths (one per state reached), ${ending} end at a terminal step; ${taken(shortest, start)} of ${branches.length} branches taken (${(shortestMs / oursMs).toFixed(1)}x the time)`,
  );
  // Simple paths multiply with every loop of the journey (retries, going back): run apart, stopped after a while.
  const simple = spawnSync(process.execPath, [...process.execArgv, process.argv[1] as string, '--simple', file], { encoding: 'utf8', timeout: SIMPLE_PATHS_LIMIT_MS });
  const simpleLine = simple.error ? `did not finish within ${SIMPLE_PATHS_LIMIT_MS / 1000} s` : simple.stdout.trim();
  console.log(`  getSimplePaths        ${simpleLine}`);
}
