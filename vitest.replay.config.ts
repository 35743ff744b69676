import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * `npm run test:replay`: every path of each country's journey replayed in Chromium
 * (tests/replay/<cc>.replay.ts), apart from `npm test`, whose CI budget it would overrun. The
 * same setup as the other tests (generated code, the shared builds), only other files: `include`
 * replaced, not merged (mergeConfig would add to the base's list).
 */
export default defineConfig({ ...base, test: { ...base.test, include: ['tests/replay/**/*.replay.ts'] } });
