import { Box, Button, Center, Group, Loader, NumberInput, Stack, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { map } from 'virtual:country';
import { NETWORK_LEGEND } from '../map/coverageLayers';
import { devicePosition } from '../map/devicePosition';
import { loadMapKit } from '../map/loadMapKit';
import type { CoverageAreas, MapKit, MapPoint } from '../map/mapKit';
import { PointMap } from '../map/PointMap';
import { coverageAreasAnswer } from '../../pack/widgetAnswers';
import { callForAnswer, declaredCall, widgetRequest } from '../widgetCall';
import type { FormWidgetProps } from './formWidget';

/** The country file's map centre and zoom, when a step file gives none. */
const DEFAULT_VIEW = { ...map.center, zoom: map.zoom };

/** The map's view from the step's `ui:options` (`center`, `zoom`). */
function viewOf(options: Record<string, unknown>): MapPoint & { zoom: number } {
  const centre = (options.center ?? {}) as Partial<MapPoint>;
  return {
    latitude: typeof centre.latitude === 'number' ? centre.latitude : DEFAULT_VIEW.latitude,
    longitude: typeof centre.longitude === 'number' ? centre.longitude : DEFAULT_VIEW.longitude,
    zoom: typeof options.zoom === 'number' ? options.zoom : DEFAULT_VIEW.zoom,
  };
}

/**
 * What the map draws with, asked once as the step opens: the map library (`failed` without it,
 * or when the map cannot draw), and the coverage areas of the call the step file declares
 * (`ui:options.call`), if any, in parallel with the library.
 */
function useMapParts(props: FormWidgetProps) {
  const [kit, setKit] = useState<MapKit>();
  const [failed, setFailed] = useState(false);
  const [areas, setAreas] = useState<CoverageAreas>();
  const [areasError, setAreasError] = useState<string>();
  // The areas as the map reads them (a GeoJSON collection: coverageAreasAnswer).
  const askAreas = useEffectEvent(() => {
    const areasCall = declaredCall(props, undefined, props.options);
    return areasCall && callForAnswer(props.call, areasCall, widgetRequest(areasCall, props).request, coverageAreasAnswer);
  });
  useEffect(() => {
    let current = true;
    loadMapKit().then(
      (loaded) => current && setKit(loaded),
      () => current && setFailed(true),
    );
    void askAreas()?.then((outcome) => {
      if (!current) return;
      if (!outcome.ok) setAreasError(outcome.error.message);
      else if (outcome.data) setAreas(outcome.data);
    });
    return () => {
      current = false;
    };
  }, []);
  return { kit, failed, fail: () => setFailed(true), areas, areasError };
}

/** The device's position, asked on the agent's tap: whether it is being asked, and why it could not be had. */
function useDevicePosition(set: (point: MapPoint) => void) {
  const [locating, setLocating] = useState(false);
  const [positionError, setPositionError] = useState<string>();
  const locate = () => {
    setLocating(true);
    setPositionError(undefined);
    devicePosition()
      .then(set, (error: Error) => setPositionError(error.message))
      .finally(() => setLocating(false));
  };
  return { locating, positionError, locate };
}

/** Without a map (no WebGL), the point is typed. */
function TypedPoint({ point, set }: { point: MapPoint; set: (point: MapPoint) => void }) {
  return (
    <>
      <Text role="alert">No se pudo mostrar el mapa en este equipo. Escribe las coordenadas de la vivienda o usa tu ubicación.</Text>
      <Group grow>
        <NumberInput label="Latitud" value={point.latitude} decimalScale={6} min={-90} max={90} size="md" onChange={(v) => set({ ...point, latitude: Number(v) })} />
        <NumberInput label="Longitud" value={point.longitude} decimalScale={6} min={-180} max={180} size="md" onChange={(v) => set({ ...point, longitude: Number(v) })} />
      </Group>
    </>
  );
}

/** The colours of the coverage areas, by network type. */
function NetworkLegend() {
  return (
    <Group gap="md" aria-label="Cobertura por tipo de red">
      {NETWORK_LEGEND.map(({ type, colour }) => (
        <Group key={type} gap={6}>
          <Box w={16} h={16} style={{ background: colour, opacity: 0.6, borderRadius: 3 }} />
          <Text size="sm">{type}</Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * The installation point on a map: the coverage areas drawn, a marker the agent drags or puts
 * down with a tap, and the device's position on a button. The point starts at the map's centre,
 * so the agent can check it as it is. This module is loaded with the step (and ahead of it);
 * the map library only when the step shows (`loadMapKit`). Without WebGL, the point is typed.
 */
export function MapForm(props: FormWidgetProps) {
  const { value, onChange, options } = props;
  const view = viewOf(options);
  const point: MapPoint = {
    latitude: typeof value.latitude === 'number' ? value.latitude : view.latitude,
    longitude: typeof value.longitude === 'number' ? value.longitude : view.longitude,
  };
  // The map opens on the point: the centre at first, where the agent left it on coming back.
  const [opening] = useState(() => ({ ...point, zoom: view.zoom }));
  const set = (next: MapPoint) => onChange({ ...value, latitude: next.latitude, longitude: next.longitude });
  // The point starts at the map's centre, so the agent can check it as it is.
  const setOpeningPoint = useEffectEvent(() => {
    if (typeof value.latitude !== 'number' || typeof value.longitude !== 'number') set(point);
  });
  useEffect(() => setOpeningPoint(), []);
  const { kit, failed, fail, areas, areasError } = useMapParts(props);
  const { locating, positionError, locate } = useDevicePosition(set);
  return (
    <Stack gap="sm">
      {failed ? (
        <TypedPoint point={point} set={set} />
      ) : (
        <Box
          role="region"
          aria-label="Mapa: toca el mapa o arrastra el marcador hasta la vivienda"
          h="min(55vh, 440px)"
          mih={280}
          style={{ position: 'relative', borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-4)' }}
        >
          {kit ? (
            <PointMap kit={kit} view={opening} point={point} onPoint={set} areas={areas} onFailure={fail} />
          ) : (
            <Center h="100%">
              <Loader size="sm" role="status" aria-label="Cargando mapa" />
            </Center>
          )}
        </Box>
      )}
      <NetworkLegend />
      {areasError && <Text size="sm" c="red">{`No se pudieron cargar las zonas de cobertura: ${areasError}`}</Text>}
      <Text size="sm" aria-label="Punto elegido">{`Punto elegido: ${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}`}</Text>
      <Button variant="light" size="lg" fullWidth loading={locating} onClick={locate}>
        Usar mi ubicación
      </Button>
      {positionError && <Text size="sm" c="red" role="alert">{positionError}</Text>}
    </Stack>
  );
}
