import 'mapbox-gl/dist/mapbox-gl.css';
import { Layer, Map, Marker, Source } from 'react-map-gl/mapbox';
import type { MapKit, MapViewProps } from './mapKit';
import { MAPBOX_LOCALE } from './mapLocale';

/** The provider's style unless the build names another (`VITE_MAPBOX_STYLE`). */
const STYLE = String(import.meta.env.VITE_MAPBOX_STYLE || 'mapbox://styles/mapbox/streets-v12');

/** mapbox-gl with the provider's token and style (streets to find the house by). */
export function mapboxKit(accessToken: string): MapKit {
  // Its region ("Vista del mapa") and controls named in Spanish, and the style's place names in Spanish too.
  const ProviderMap = (props: MapViewProps) => <Map {...props} mapStyle={STYLE} mapboxAccessToken={accessToken} locale={MAPBOX_LOCALE} language="es" />;
  return { Map: ProviderMap, Marker, Source, Layer };
}
