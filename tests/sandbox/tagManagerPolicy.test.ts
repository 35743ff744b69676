import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, tagManagerOrigins } from '../../src/sandbox/pagePolicy';

// The page's Content Security Policy and the tag manager (VITE_GTM_ID, src/build/tagManager.ts).
describe("the page's policy and the tag manager", () => {
  it("lets in the tag manager's host in the page's policy only when the page names a container", () => {
    expect(tagManagerOrigins('<head><title>x</title>')).toEqual([]);
    const origins = tagManagerOrigins('<head>\n    <meta name="tag-manager" content="GTM-AB12CD3" />');
    expect(origins).toEqual(['https://www.googletagmanager.com']);
    const policy = contentSecurityPolicy('n', [], origins);
    expect(policy).toContain("script-src 'self' https://www.googletagmanager.com;");
    expect(policy).toContain("connect-src 'self' https://www.googletagmanager.com;");
    expect(contentSecurityPolicy('n')).toContain("script-src 'self';");
  });

});
