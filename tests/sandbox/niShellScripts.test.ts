import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enabledScripts, shellScriptMetas } from '../../src/build/shellScripts';
import type { ShellScript } from '../../src/pack/countryFile';
import { contentSecurityPolicy, shellScriptOrigins, tagManagerOrigins } from '../../src/sandbox/pagePolicy';

// Nicaragua's heat map (spec 1: a heat-map script for NI and CR), as its country file lists it:
// off unless its build is given a site id, and then only the heat map's hosts in that build's
// page policy, never the push messaging's (Nicaragua does not list it, keys set or not).

const listed = (JSON.parse(readFileSync('countries/ni.json', 'utf8')) as { shellScripts: ShellScript[] }).shellScripts;
const KEYS = { VITE_HEATMAP_ID: '7654321', VITE_PUSH_KEY: '0f1e2d3c-4b5a-4978-8a9b-0c1d2e3f4a5b', VITE_PUSH_ENDPOINT: 'sdk.iad-01.braze.com' };
const policyOf = (env: Record<string, string>) => {
  const page = `<head>\n    ${shellScriptMetas(enabledScripts(listed, env)).join('\n    ')}\n<title>x</title>`;
  return contentSecurityPolicy('n', [], tagManagerOrigins(page), shellScriptOrigins(page));
};

describe("Nicaragua's shell scripts", () => {
  it('lists the heat map, not push messaging', () => {
    expect(listed).toContain('heatMap');
    expect(listed).not.toContain('push');
  });

  it('has no heat map host in a build without its site id', () => {
    expect(policyOf({})).toBe(contentSecurityPolicy('n'));
  });

  it("lets in the heat map's hosts alone in a build with its site id, push keys or not", () => {
    const policy = policyOf(KEYS);
    expect(policy).toContain('script-src \'self\' https://static.hotjar.com https://script.hotjar.com');
    expect(policy).not.toMatch(/appboy|braze/);
  });
});
