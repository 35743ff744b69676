import type { StyleSpecification } from 'maplibre-gl';

/**
 * The map's style when no provider token is set: a plain background and nothing fetched (no
 * tiles, no glyphs, no sprites), so the map step works offline and on a fresh machine. What
 * the agent sees on it comes as GeoJSON: the coverage areas and the marker.
 */
export const offlineStyle: StyleSpecification = {
  version: 8,
  name: 'Sin conexión',
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#f1f3f5' } }],
};
