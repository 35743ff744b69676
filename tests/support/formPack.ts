import type { PackChoice } from '../../src/tools/browser/servedBuild';

/** The test country whose first screen is a public form and whose shell lists every script (tests/fixtures/packs/zf). */
export const ZF = 'tests/fixtures/packs/zf';

/** The shell's third-party keys the browser tests build it with (src/build/shellScripts.ts). */
export const SHELL_KEYS = {
  VITE_HEATMAP_ID: '1234567',
  VITE_PUSH_KEY: '0f1e2d3c-4b5a-4978-8a9b-0c1d2e3f4a5b',
  VITE_PUSH_ENDPOINT: 'sdk.iad-01.braze.com',
};

/** Its build, with the keys: one build shared by the files that serve it. */
export const ZF_BUILD: PackChoice = { country: 'zf', packs: ZF, env: SHELL_KEYS };
