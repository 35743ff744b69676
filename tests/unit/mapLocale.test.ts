import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAPBOX_LOCALE, MAPLIBRE_LOCALE } from '../../src/screens/map/mapLocale';

// Issue 30, point 4: the map libraries' own words in Spanish. A new version of either library
// that adds a word (a control's name) shows here, not to an agent's screen reader in English.

/** The keys of a library's default locale, read from its build (an object of "Key.Name": "words"). */
function defaultLocaleKeys(file: string, start: string): string[] {
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(start);
  if (at < 0) throw new Error(`no default locale in ${file}`);
  const table = text.slice(at, text.indexOf('}', at));
  return [...table.matchAll(/"([A-Za-z]+\.[A-Za-z]+)":/g)].map((found) => found[1] as string);
}

describe("the map libraries' words", () => {
  it.each([
    ['maplibre-gl', MAPLIBRE_LOCALE, defaultLocaleKeys('node_modules/maplibre-gl/dist/maplibre-gl-dev.mjs', 'const defaultLocale = {')],
    ['mapbox-gl', MAPBOX_LOCALE, defaultLocaleKeys('node_modules/mapbox-gl/dist/esm/core.js', '"AttributionControl.ToggleAttribution":"')],
  ])('are all given in Spanish for %s', (_library, locale, keys) => {
    expect(keys.length).toBeGreaterThan(10);
    expect(Object.keys(locale).sort()).toEqual([...keys].sort());
    expect(locale['Map.Title']).toBe('Vista del mapa');
    expect(locale['NavigationControl.ZoomIn']).toBe('Acercar');
    expect(locale['NavigationControl.ZoomOut']).toBe('Alejar');
  });
});
