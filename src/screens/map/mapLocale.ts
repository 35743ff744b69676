/**
 * The map libraries' own words (the map's region, its controls' names, the scale's units...) in
 * Spanish, by their keys: maplibre-gl's `locale` option (its `defaultLocale`, maplibre-gl 6) and
 * mapbox-gl's (its own `defaultLocale`, mapbox-gl 3). Without them a screen reader announced a
 * region "Map" inside the step's "Mapa: toca el mapa..." and the controls in English. The map's
 * own region (what the keyboard pans and zooms) is "Vista del mapa": a second region that began
 * with "Mapa" would be read as the step's own again.
 */
const SHARED = {
  'AttributionControl.ToggleAttribution': 'Mostrar u ocultar la atribución',
  'FullscreenControl.Enter': 'Ver en pantalla completa',
  'FullscreenControl.Exit': 'Salir de pantalla completa',
  'GeolocateControl.FindMyLocation': 'Buscar mi ubicación',
  'GeolocateControl.LocationNotAvailable': 'Ubicación no disponible',
  'Map.Title': 'Vista del mapa',
  'NavigationControl.ZoomIn': 'Acercar',
  'NavigationControl.ZoomOut': 'Alejar',
};

/** maplibre-gl's UI strings, every key of its default locale. */
export const MAPLIBRE_LOCALE: Record<string, string> = {
  ...SHARED,
  'AttributionControl.MapFeedback': 'Comentarios sobre el mapa',
  'LogoControl.Title': 'Logotipo de MapLibre',
  'Marker.Title': 'Marcador del mapa',
  'NavigationControl.ResetBearing': 'Arrastra para girar el mapa, toca para volver al norte',
  'Popup.Close': 'Cerrar ventana emergente',
  'ScaleControl.Feet': 'pies',
  'ScaleControl.Meters': 'm',
  'ScaleControl.Kilometers': 'km',
  'ScaleControl.Miles': 'mi',
  'ScaleControl.NauticalMiles': 'mn',
  'GlobeControl.Enable': 'Ver como globo',
  'GlobeControl.Disable': 'Ver como plano',
  'TerrainControl.Enable': 'Mostrar el relieve',
  'TerrainControl.Disable': 'Ocultar el relieve',
  'CooperativeGesturesHandler.WindowsHelpText': 'Usa Ctrl + rueda del ratón para acercar o alejar el mapa',
  'CooperativeGesturesHandler.MacHelpText': 'Usa ⌘ + rueda del ratón para acercar o alejar el mapa',
  'CooperativeGesturesHandler.MobileHelpText': 'Usa dos dedos para mover el mapa',
};

/** mapbox-gl's UI strings, every key of its default locale. */
export const MAPBOX_LOCALE: Record<string, string> = {
  ...SHARED,
  'LogoControl.Title': 'Página de Mapbox',
  'NavigationControl.ResetBearing': 'Volver al norte',
  'ScrollZoomBlocker.CtrlMessage': 'Usa Ctrl + rueda del ratón para acercar o alejar el mapa',
  'ScrollZoomBlocker.CmdMessage': 'Usa ⌘ + rueda del ratón para acercar o alejar el mapa',
  'TouchPanBlocker.Message': 'Usa dos dedos para mover el mapa',
};
