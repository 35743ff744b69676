import { describe, expect, it } from 'vitest';
import { enabledScripts, shellScriptMetas, shellScriptsModule } from '../../src/build/shellScripts';
import { contentSecurityPolicy, shellScriptOrigins, tagManagerOrigins } from '../../src/sandbox/pagePolicy';

// The page's Content Security Policy and the shell's third-party scripts (src/build/shellScripts.ts):
// each script's hosts only in a build whose country file lists it and whose key is set.

const KEYS = { VITE_HEATMAP_ID: '1234567', VITE_PUSH_KEY: '0f1e2d3c-4b5a-4978-8a9b-0c1d2e3f4a5b', VITE_PUSH_ENDPOINT: 'sdk.iad-01.braze.com' };
const ALL = ['tagManager', 'heatMap', 'push', 'serviceWorker'] as const;

/** The page a build writes (its metas in the head), and the policy its server sends with it. */
const policyOf = (listed: ReadonlyArray<(typeof ALL)[number]>, env: Record<string, string>) => {
  const page = `<head>\n    ${shellScriptMetas(enabledScripts(listed, env)).join('\n    ')}\n<title>x</title>`;
  return contentSecurityPolicy('n', [], tagManagerOrigins(page), shellScriptOrigins(page));
};
const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

describe("the page's policy and the shell's scripts", () => {
  it('lets in the heat map and the push SDK hosts, and those only, when the country lists them and the build has their keys', () => {
    const policy = policyOf(ALL, KEYS);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' https://static.hotjar.com https://script.hotjar.com https://js.appboycdn.com");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://*.hotjar.com https://*.hotjar.io wss://*.hotjar.com https://sdk.iad-01.braze.com");
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https://*.hotjar.com https://braze-images.com https://appboy-images.com");
    // The service worker is the page's own file.
    expect(directive(policy, 'worker-src')).toBe("worker-src 'self' blob:");
  });

  it('lets in none of them for a country that does not list them (El Salvador, Honduras), keys set or not', () => {
    const policy = policyOf(['tagManager', 'serviceWorker'], KEYS);
    expect(policy).not.toMatch(/hotjar|appboy|braze/);
    expect(policy).toBe(contentSecurityPolicy('n'));
    expect(shellScriptMetas(enabledScripts(['tagManager', 'serviceWorker'], KEYS))).toEqual([]);
  });

  it('lets in none of them for a build without their keys, and each alone with its own key', () => {
    expect(policyOf(ALL, {})).toBe(contentSecurityPolicy('n'));
    const heatMapOnly = policyOf(ALL, { VITE_HEATMAP_ID: KEYS.VITE_HEATMAP_ID });
    expect(heatMapOnly).toContain('https://static.hotjar.com');
    expect(heatMapOnly).not.toMatch(/appboy|braze/);
    const pushOnly = policyOf(ALL, { VITE_PUSH_KEY: KEYS.VITE_PUSH_KEY, VITE_PUSH_ENDPOINT: KEYS.VITE_PUSH_ENDPOINT });
    expect(pushOnly).toContain('https://js.appboycdn.com');
    expect(pushOnly).not.toMatch(/hotjar/);
  });

  it('reads no host from a page whose metas are not well formed', () => {
    expect(shellScriptOrigins('<meta name="heat-map" content="evil.example" />')).toEqual({ script: [], connect: [], img: [] });
    expect(shellScriptOrigins(`<meta name="push-messaging" content="${KEYS.VITE_PUSH_KEY}" data-endpoint="evil.example" />`)).toEqual({ script: [], connect: [], img: [] });
  });

  it('names a malformed key, as VITE_GTM_ID is named', () => {
    expect(() => enabledScripts(ALL, { VITE_HEATMAP_ID: 'HJ-12' })).toThrow('VITE_HEATMAP_ID must be a heat map site id, digits such as 1234567; it is "HJ-12"');
    expect(() => enabledScripts(ALL, { VITE_PUSH_KEY: 'abc' })).toThrow('VITE_PUSH_KEY must be the push SDK\'s web API key');
    expect(() => enabledScripts(ALL, { VITE_PUSH_KEY: KEYS.VITE_PUSH_KEY, VITE_PUSH_ENDPOINT: 'braze.com' })).toThrow('VITE_PUSH_ENDPOINT must be the push SDK\'s endpoint');
    expect(() => enabledScripts(ALL, { VITE_PUSH_KEY: KEYS.VITE_PUSH_KEY })).toThrow('VITE_PUSH_KEY is set without VITE_PUSH_ENDPOINT');
  });

  it("gives the page's entry the code of the enabled scripts and no other", () => {
    const none = shellScriptsModule(enabledScripts(['tagManager'], KEYS));
    expect(none).not.toMatch(/import|heatMap|pushMessaging|serviceWorker/);
    const all = shellScriptsModule(enabledScripts(ALL, KEYS));
    expect(all).toMatch(/heatMap\.ts/);
    expect(all).toMatch(/pushMessaging\.ts/);
    expect(all).toContain('registerServiceWorker("/sw.js")');
    // No service worker outside a build (the dev server).
    expect(shellScriptsModule(enabledScripts(ALL, {}, false))).not.toMatch(/serviceWorker/);
  });
});
