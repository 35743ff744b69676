import 'mapbox-gl/dist/mapbox-gl.css';
import { Layer, Map, Marker, Source } from 'react-map-gl/mapbox';
import type { MapKit, MapViewProps } from './mapKit';

/** The provider's style unless the build names another (`VITE_MAPBOX_STYLE`). */
const STYLE = String(import.meta.env.VITE_MAPBOX_STYLE || 'mapbox://styles/mapbox/streets-v12');

/** mapbox-gl with the provider's token and style (streets to find the house by). */
export function mapboxKit(accessToken: string): MapKit {
  const ProviderMap = (props: MapViewProps) => <Map {...props} mapStyle={STYLE} mapboxAccessToken={accessToken} />;
  return { Map: ProviderMap, Marker, Source, Layer };
}
