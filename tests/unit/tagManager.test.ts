// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { loadTagManager } from '../../src/app/analytics';
import { tagManagerSetting } from '../../src/build/tagManager';

// The tag manager's script (spec section 1), named at build time by VITE_GTM_ID: none by default.
describe('the tag manager', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    delete window.dataLayer;
  });

  it('is none by default, and a container id that is not one stops the build with the words why', () => {
    expect(tagManagerSetting(undefined)).toBeUndefined();
    expect(tagManagerSetting('  ')).toBeUndefined();
    expect(tagManagerSetting('GTM-AB12CD3')).toBe('GTM-AB12CD3');
    expect(() => tagManagerSetting('UA-1234')).toThrow('VITE_GTM_ID must be a tag manager container id such as GTM-AB12CD3; it is "UA-1234"');
  });

  it("loads the container's script only when the page names one, after the records already pushed", () => {
    loadTagManager();
    expect(document.querySelectorAll('script')).toHaveLength(0);
    document.head.innerHTML = '<meta name="tag-manager" content="GTM-AB12CD3" />';
    window.dataLayer = [{ event: 'journey_step' }];
    loadTagManager();
    expect(Array.from(document.querySelectorAll('script'), (s) => s.src)).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3']);
    expect(window.dataLayer).toEqual([{ event: 'journey_step' }, { 'gtm.start': expect.any(Number), event: 'gtm.js' }]);
  });
});
