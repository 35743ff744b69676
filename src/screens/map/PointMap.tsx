import { useEffect, useRef } from 'react';
import { COVERAGE_SOURCE, coverageLayers } from './coverageLayers';
import type { CoverageAreas, MapHandle, MapKit, MapPoint } from './mapKit';

export interface PointMapProps {
  kit: MapKit;
  /** Where the map opens, and how close. */
  view: MapPoint & { zoom: number };
  point: MapPoint;
  onPoint: (point: MapPoint) => void;
  areas: CoverageAreas | undefined;
  /** The map could not be drawn (no WebGL on this phone): the step offers typed coordinates. */
  onFailure: () => void;
}

/**
 * The map of the map step: the coverage areas and the installation point's marker, which the
 * agent drags, or puts down by tapping the map. A point set from outside (the device position)
 * that lies out of sight brings the map to it.
 */
export function PointMap({ kit, view, point, onPoint, areas, onFailure }: PointMapProps) {
  const { Map, Marker, Source, Layer } = kit;
  const map = useRef<MapHandle | null>(null);
  useEffect(() => {
    const at: [number, number] = [point.longitude, point.latitude];
    if (map.current && map.current.getBounds()?.contains(at) === false) map.current.easeTo({ center: at });
  }, [point.latitude, point.longitude]);
  return (
    <Map
      initialViewState={view}
      style={{ width: '100%', height: '100%' }}
      // Leaving the step keeps the map (and its WebGL context) for the next time it opens: a
      // teardown on a slow phone costs the step change, and a new map the next sale.
      reuseMaps
      // One finger pans and a tap places the marker; a rotated or tilted map only confuses here.
      dragRotate={false}
      touchPitch={false}
      pitchWithRotate={false}
      onClick={(event) => onPoint({ latitude: event.lngLat.lat, longitude: event.lngLat.lng })}
      onLoad={(event) => {
        map.current = event.target;
      }}
      onError={() => {
        // Only a map that never drew is a failure; a later error (a tile) leaves it usable.
        if (!map.current) onFailure();
      }}
    >
      {areas && (
        <Source id={COVERAGE_SOURCE} type="geojson" data={areas}>
          {coverageLayers.map((layer) => (
            <Layer key={layer.id} {...layer} />
          ))}
        </Source>
      )}
      <Marker
        latitude={point.latitude}
        longitude={point.longitude}
        anchor="bottom"
        draggable
        onDragEnd={(event) => onPoint({ latitude: event.lngLat.lat, longitude: event.lngLat.lng })}
      >
        {/* A pin with a 48 px grip: a finger drags it without covering its tip. */}
        <div
          role="img"
          aria-label="Marcador de la vivienda"
          data-testid="map-marker"
          style={{ width: 48, height: 56, display: 'flex', alignItems: 'flex-end', justifyContent: 'center', cursor: 'grab', touchAction: 'none' }}
        >
          <svg width="36" height="48" viewBox="0 0 36 48" aria-hidden="true">
            <path d="M18 1C8.6 1 1 8.6 1 18c0 12.4 17 29 17 29s17-16.6 17-29C35 8.6 27.4 1 18 1z" fill="#e03131" stroke="#fff" strokeWidth="2" />
            <circle cx="18" cy="18" r="6" fill="#fff" />
          </svg>
        </div>
      </Marker>
    </Map>
  );
}
