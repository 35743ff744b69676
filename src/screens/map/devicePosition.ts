import type { MapPoint } from './mapKit';

/**
 * The phone's position, for the "Usar mi ubicación" button; a refusal or a failure comes back
 * as the Spanish words to show. The position goes only into the step's data: never logged.
 */
export function devicePosition(): Promise<MapPoint> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('Este equipo no puede dar su ubicación. Toca el mapa donde está la vivienda.'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) =>
        reject(
          new Error(
            error.code === error.PERMISSION_DENIED
              ? 'Permite el acceso a la ubicación en el navegador para usar tu posición.'
              : 'No se pudo obtener tu ubicación. Toca el mapa donde está la vivienda.',
          ),
        ),
      // A fresh fix: the agent walks from house to house, a position from before may be the last one.
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  });
}
