import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { useEffect, useRef, useState } from 'react';
import { Layer, Map, Marker, Source, type ErrorEvent, type MapSourceDataEvent } from 'react-map-gl/maplibre';
import { COVERAGE_SOURCE } from './coverageLayers';
import type { MapKit, MapViewProps } from './mapKit';
import { MAPLIBRE_LOCALE } from './mapLocale';
import { offlineStyle } from './offlineStyle';
import { NO_STREETS_NOTICE, STREETS_WAIT_MS, streetStyle } from './streetStyle';

// Bundled, maplibre-gl would look for its worker next to its own module, where there is none:
// Vite builds the worker as a file of its own (`map-lib-*`, see vite.config.ts) and says where.
setWorkerUrl(workerUrl);

/** The street style the build names (a URL), or none: the offline style only. */
const STREETS = streetStyle();

/**
 * The map with streets when they load, else the offline style. Each time the step opens it asks
 * the street style again; until the streets arrive (a tile of the style's own sources, or its
 * first view drawn: maplibre's `idle`), any error (the style, a tile, a sprite or glyph that
 * cannot load) or `STREETS_WAIT_MS` without them swaps in the offline style, quietly noted on
 * the map. The coverage areas and the marker are children: react-map-gl adds their source and
 * layers again to the new style. Once the streets arrived, a later error (a tile out of reach)
 * leaves them, and goes to the step like any error of the map (no WebGL: no map at all).
 */
function StreetMap({ onError, children, ...props }: MapViewProps) {
  const [style, setStyle] = useState<string | StyleSpecification>(STREETS ?? offlineStyle);
  const arrived = useRef(false);
  const streets = style !== offlineStyle;
  useEffect(() => {
    if (!STREETS) return undefined;
    const timer = setTimeout(() => {
      if (!arrived.current) setStyle(offlineStyle);
    }, STREETS_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Map
      {...props}
      mapStyle={style}
      // Its region ("Vista del mapa") and controls named in Spanish, not "Map" and "Toggle attribution".
      locale={MAPLIBRE_LOCALE}
      // A new style replaces the old one whole: a diff from a style that never loaded cannot be made.
      styleDiffing={false}
      onSourceData={(event: MapSourceDataEvent) => {
        if (streets && event.tile && event.sourceId !== COVERAGE_SOURCE) arrived.current = true;
      }}
      onIdle={() => {
        if (streets) arrived.current = true;
      }}
      onError={(event: ErrorEvent) => {
        // `target` is the map: an error without one is the map that could not be made.
        if (streets && !arrived.current && event.target) setStyle(offlineStyle);
        else onError?.(event);
      }}
    >
      {children}
      {STREETS && !streets && (
        <div
          role="status"
          style={{
            position: 'absolute',
            top: 8,
            left: 8,
            padding: '2px 8px',
            borderRadius: 4,
            background: 'rgba(255, 255, 255, 0.9)',
            color: '#343a40',
            fontSize: 13,
            lineHeight: '20px',
            pointerEvents: 'none',
          }}
        >
          {NO_STREETS_NOTICE}
        </div>
      )}
    </Map>
  );
}

/** maplibre-gl with the build's street style (no token needed), the offline style as fallback. */
export const maplibreKit: MapKit = { Map: StreetMap, Marker, Source, Layer };
