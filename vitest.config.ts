import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // Journey path replays are CPU-bound; two cores is what CI has.
    maxWorkers: 2,
  },
});
