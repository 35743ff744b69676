/**
 * The public key exported sessions are sealed with (src/app/sessionSeal.ts), chosen at build
 * time: `VITE_SESSION_EXPORT_KEY`, an EC P-256 public JWK (`npm run session:keys` makes a pair).
 * The dev server and the builds made by the tests take the committed test key
 * (tests/fixtures/session-export/public.jwk) when none is set; any other build without it offers
 * no export. A key with its private half (`d`) is refused: it would put the means to open every
 * exported session into the bundle.
 */
import { readFileSync } from 'node:fs';
import { loadEnv, type Plugin } from 'vite';
import { publicHalf } from '../app/sessionSeal';

/** The committed test key: for development and tests only (tests/fixtures/session-export/README.md). */
export const TEST_SESSION_KEY_FILE = 'tests/fixtures/session-export/public.jwk';

/** The key a build seals with (JWK text, public half only), or '' for none; a wrong value is a mistake the build names. */
export function sessionExportKey(value: string | undefined, { testBuild }: { testBuild: boolean }): string {
  const text = value?.trim() || (testBuild ? readFileSync(new URL(`../../${TEST_SESSION_KEY_FILE}`, import.meta.url), 'utf8').trim() : '');
  if (!text) return '';
  let jwk: unknown;
  try {
    jwk = JSON.parse(text);
  } catch {
    throw new Error('VITE_SESSION_EXPORT_KEY must be a JWK (JSON): the public.jwk written by npm run session:keys');
  }
  if (jwk && typeof jwk === 'object' && 'd' in jwk) throw new Error('VITE_SESSION_EXPORT_KEY holds a private key ("d"): give the build the public.jwk only');
  return JSON.stringify(publicHalf(jwk));
}

/** The Vite plugin that gives the app `import.meta.env.VITE_SESSION_EXPORT_KEY` (the test key in the dev server and test builds when unset). */
export function sessionExportKeyEnv(): Plugin {
  return {
    name: 'session-export-key',
    config(config, env) {
      const value = loadEnv(env.mode, typeof config.envDir === 'string' ? config.envDir : process.cwd(), 'VITE_').VITE_SESSION_EXPORT_KEY;
      const testBuild = env.command === 'serve' || process.env.VITEST !== undefined;
      return { define: { 'import.meta.env.VITE_SESSION_EXPORT_KEY': JSON.stringify(sessionExportKey(value, { testBuild })) } };
    },
  };
}
