import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_STYLE, mapStyleMeta, mapStyleSetting } from '../../src/build/mapStyle';
import { contentSecurityPolicy, mapStyleOrigins } from '../../src/sandbox/pagePolicy';
import { streetStyle } from '../../src/screens/map/streetStyle';

// The map's street style: chosen at build time (`VITE_MAP_STYLE`, src/build/mapStyle.ts), written
// into the page, read there by the app (src/screens/map/streetStyle.ts) and by the server that
// lets the page connect to its host (src/sandbox/pagePolicy.ts). The browser tests draw it and fall
// back from it (tests/e2e/mapStep.test.ts).

type Hooks = { configResolved: (config: { env: Record<string, string> }) => void; transformIndexHtml: (html: string) => string };

/** The page a build writes for these build settings. */
function builtPage(env: Record<string, string>) {
  const plugin = mapStyleMeta() as unknown as Hooks;
  plugin.configResolved({ env });
  return plugin.transformIndexHtml('<!doctype html>\n<html lang="es">\n  <head>\n    <title>Venta D2D</title>\n  </head>\n</html>');
}

/** What the app reads of a page (its attribute unescaped, as the browser reads it). */
function appReads(page: string) {
  const content = /<meta name="map-style" content="([^"]*)"/.exec(page)?.[1]?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return streetStyle({ querySelector: (() => (content === undefined ? null : { content })) as Document['querySelector'] });
}

const connectSrc = (page: string) => /connect-src ([^;]*)/.exec(contentSecurityPolicy('n0nce', mapStyleOrigins(page)))?.[1];

describe('the street style of a build', () => {
  it("is OpenFreeMap's public style by default: the app draws it, the page may connect to its host only", () => {
    expect(mapStyleSetting(undefined)).toBe(DEFAULT_MAP_STYLE);
    expect(mapStyleSetting('')).toBe(DEFAULT_MAP_STYLE);
    const page = builtPage({});
    expect(appReads(page)).toBe('https://tiles.openfreemap.org/styles/liberty');
    expect(connectSrc(page)).toBe("'self' https://tiles.openfreemap.org");
  });

  it('is the one VITE_MAP_STYLE names: another host, or a path on the app server (nothing more to allow)', () => {
    const elsewhere = builtPage({ VITE_MAP_STYLE: 'https://maps.example.net/styles/streets.json?lang=es&v=2' });
    expect(appReads(elsewhere)).toBe('https://maps.example.net/styles/streets.json?lang=es&v=2');
    expect(connectSrc(elsewhere)).toBe("'self' https://maps.example.net");
    const own = builtPage({ VITE_MAP_STYLE: '/map/style.json' });
    expect(appReads(own)).toBe('/map/style.json');
    expect(connectSrc(own)).toBe("'self'");
  });

  it('is none with VITE_MAP_STYLE=offline, and none for a build that draws mapbox-gl with the provider token', () => {
    for (const env of [{ VITE_MAP_STYLE: 'offline' }, { VITE_MAPBOX_TOKEN: 'pk.test' }] as Record<string, string>[]) {
      const page = builtPage(env);
      expect(page).not.toContain('map-style');
      expect(appReads(page)).toBeUndefined();
      expect(connectSrc(page)).toBe("'self'");
    }
  });

  it('stops the build when VITE_MAP_STYLE is neither a URL nor a path', () => {
    for (const wrong of ['tiles.openfreemap.org/styles/liberty', 'javascript:alert(1)', '//tiles.example.net/style.json']) {
      expect(() => mapStyleSetting(wrong)).toThrow(/VITE_MAP_STYLE must be/);
    }
  });
});
