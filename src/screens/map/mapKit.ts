import type { ComponentType, CSSProperties, ReactNode } from 'react';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';

/** A point on the map, as the map step's data holds it. */
export interface MapPoint {
  latitude: number;
  longitude: number;
}

/**
 * The coverage areas as a country's coverage-areas call answers them (GeoJSON polygons, each with
 * its node's properties): typed as GeoJSON, not from one country's generated types.
 */
export type CoverageAreas = FeatureCollection<Polygon | MultiPolygon, Record<string, unknown> | null>;

/** What the step needs of a live map: where it looks, and moving it. */
export interface MapHandle {
  getBounds: () => { contains: (lngLat: [number, number]) => boolean } | null;
  easeTo: (options: { center: [number, number] }) => unknown;
}

/** A tap on the map or the end of a marker drag: where it happened. */
export interface LngLatEvent {
  lngLat: { lng: number; lat: number };
}

/** The map's props the step uses; each kit's `Map` adds its library's style (and token). */
export interface MapViewProps {
  initialViewState: MapPoint & { zoom: number };
  style?: CSSProperties;
  dragRotate?: boolean;
  touchPitch?: boolean;
  pitchWithRotate?: boolean;
  reuseMaps?: boolean;
  onClick?: (event: LngLatEvent) => void;
  onLoad?: (event: { target: MapHandle }) => void;
  onError?: (event: { error: { message: string } }) => void;
  children?: ReactNode;
}

export interface MarkerViewProps extends MapPoint {
  anchor?: 'bottom';
  draggable?: boolean;
  onDragEnd?: (event: LngLatEvent) => void;
  children?: ReactNode;
}

export interface SourceViewProps {
  id: string;
  type: 'geojson';
  data: CoverageAreas;
  children?: ReactNode;
}

export interface LayerViewProps {
  id: string;
  type: 'fill' | 'line';
  paint: Record<string, unknown>;
}

/**
 * One map library as the map step uses it: react-map-gl's components bound to maplibre-gl or to
 * mapbox-gl (the two bindings expose the same components), its `Map` with the style to draw.
 * Only the props the step uses are named, so one `PointMap` serves both, type-checked with each.
 */
export interface MapKit {
  Map: ComponentType<MapViewProps>;
  Marker: ComponentType<MarkerViewProps>;
  Source: ComponentType<SourceViewProps>;
  Layer: ComponentType<LayerViewProps>;
}
