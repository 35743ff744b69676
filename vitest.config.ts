import { defineConfig } from 'vitest/config';
import { countryModules } from './src/build/countryModules';
import LongestFirst from './tests/support/longestFirst';

export default defineConfig({
  // Screens and shell read their country from the build-time modules, in tests as in the app.
  plugins: [countryModules()],
  test: {
    include: ['tests/**/*.test.ts', 'tests/component/**/*.test.tsx'],
    // rjsf's Mantine theme ships ES modules that import CSS-free Mantine by bare paths: vite resolves them.
    server: { deps: { inline: ['@rjsf/mantine'] } },
    environment: 'node',
    // `npm run steps:compile` before any test: some tests load the generated validators.
    globalSetup: ['tests/globalSetup.ts'],
    // Journey path replays are CPU-bound; two cores is what CI has.
    maxWorkers: 2,
    // A worker keeps its imported modules from one test file to the next: re-importing the app,
    // Playwright and the sandbox for each of some eighty files cost CI about six minutes. Tests
    // undo what they change (stubbed globals, fake timers, environment) in their own hooks.
    isolate: false,
    // The longest files first (tests/fileDurations.json), so that both workers end together.
    sequence: { sequencer: LongestFirst },
    // Some tests start the command-line tools as real processes; on a loaded 2-core machine
    // that takes seconds. Timeouts catch hangs here, they are not performance assertions.
    testTimeout: 60_000,
    // The same for a file's beforeAll: a sandbox of every country started and seeded, its sellers
    // signed in, took over 10 s (the default) in CI while browsers were building beside it.
    hookTimeout: 60_000,
    // A worker stuck where no timeout reaches (a loop, a synchronous call) would hold the run
    // until CI's limit: the stall watch ends it and names the files still open.
    reporters: ['default', './tests/support/stallWatch.ts'],
  },
});
