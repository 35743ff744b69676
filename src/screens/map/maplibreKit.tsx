import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { Layer, Map, Marker, Source } from 'react-map-gl/maplibre';
import type { MapKit, MapViewProps } from './mapKit';
import { offlineStyle } from './offlineStyle';

// Bundled, maplibre-gl would look for its worker next to its own module, where there is none:
// Vite builds the worker as a file of its own (`map-lib-*`, see vite.config.ts) and says where.
setWorkerUrl(workerUrl);

function OfflineMap(props: MapViewProps) {
  return <Map {...props} mapStyle={offlineStyle} />;
}

/** maplibre-gl with the style that needs no outside server (no provider token). */
export const maplibreKit: MapKit = { Map: OfflineMap, Marker, Source, Layer };
