/**
 * The street style the build names for maplibre-gl: the page's `<meta name="map-style">`,
 * written from `VITE_MAP_STYLE` (src/build/mapStyle.ts; OpenFreeMap's by default), or `undefined`
 * when the build has none (`offline`): then the map draws only its offline style.
 */
export function streetStyle(page: Pick<Document, 'querySelector'> = document): string | undefined {
  const named = page.querySelector<HTMLMetaElement>('meta[name="map-style"]')?.content.trim();
  return named || undefined;
}

/**
 * How long the street style may take to draw its first view (style, tiles, sprites, glyphs)
 * before the map gives up on it for the offline style: a phone without connection fails at
 * once; this bounds a host that does not answer.
 */
export const STREETS_WAIT_MS = 8_000;

/** What the agent reads on the map when the streets could not load. */
export const NO_STREETS_NOTICE = 'Mapa sin calles: sin conexión';
