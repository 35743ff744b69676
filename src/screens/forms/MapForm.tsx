import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { useEffect } from 'react';
import type { FormWidgetProps } from './formWidget';

/**
 * The installation point, in a plain first form: latitude and longitude, or the device's position.
 * The map itself (react-map-gl, coverage layers) comes with the capture issue.
 */
export function MapForm({ value, onChange, options, title }: FormWidgetProps) {
  const centre = (options.center ?? {}) as { latitude?: number; longitude?: number };
  const latitude = typeof value.latitude === 'number' ? value.latitude : centre.latitude;
  const longitude = typeof value.longitude === 'number' ? value.longitude : centre.longitude;
  const set = (next: { latitude?: number; longitude?: number }) => onChange({ latitude, longitude, ...next });
  // The point starts at the map's centre, so the agent can check it as it is.
  useEffect(() => {
    if (typeof value.latitude !== 'number' && latitude !== undefined) onChange({ latitude, longitude });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- only the first time
  return (
    <Stack>
      <Group grow>
        <NumberInput label="Latitud" value={latitude} decimalScale={6} onChange={(v) => set({ latitude: Number(v) })} size="md" aria-label={`${title}: latitud`} />
        <NumberInput label="Longitud" value={longitude} decimalScale={6} onChange={(v) => set({ longitude: Number(v) })} size="md" aria-label={`${title}: longitud`} />
      </Group>
      <Button
        variant="light"
        size="md"
        onClick={() =>
          navigator.geolocation?.getCurrentPosition((p) => onChange({ latitude: p.coords.latitude, longitude: p.coords.longitude }))
        }
      >
        Usar mi ubicación
      </Button>
    </Stack>
  );
}
