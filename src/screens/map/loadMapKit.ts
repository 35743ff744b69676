import type { MapKit } from './mapKit';

/**
 * The map library, chosen at build time and loaded when the map step opens:
 * mapbox-gl when the build has the provider's token (`VITE_MAPBOX_TOKEN`), else maplibre-gl.
 * Each is a chunk of its own (`map-lib-*`), never in the first screen or the other steps.
 */
export function loadMapKit(): Promise<MapKit> {
  const token = import.meta.env.VITE_MAPBOX_TOKEN as string | undefined;
  return token ? import('./mapboxKit').then((m) => m.mapboxKit(token)) : import('./maplibreKit').then((m) => m.maplibreKit);
}
