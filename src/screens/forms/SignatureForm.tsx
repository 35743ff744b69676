import { Button, Group, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import type { FormWidgetProps } from './formWidget';

/** A signature drawn with the finger, uploaded as an image; clear to redo. */
export function SignatureForm({ value, onChange, call, title }: FormWidgetProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - box.left) * event.currentTarget.width) / box.width, y: ((event.clientY - box.top) * event.currentTarget.height) / box.height };
  };
  const upload = () =>
    canvas.current?.toBlob(async (blob) => {
      if (!blob) return;
      const outcome = await call('frontIdUpload', { region: 'SV', files: [{ field: 'file', blob, name: 'firma.png' }] });
      if (!outcome.ok) setError(outcome.error.message);
      else onChange({ ...((outcome.data as { Payload?: Record<string, unknown> }).Payload ?? {}) });
    }, 'image/png');
  return (
    <Stack>
      <Text fw={500}>{title}</Text>
      <canvas
        ref={canvas}
        width={600}
        height={240}
        aria-label="Área de firma"
        style={{ width: '100%', touchAction: 'none', border: '1px solid #ced4da', borderRadius: 8, background: '#fff' }}
        onPointerDown={(event) => {
          drawing.current = true;
          const ctx = canvas.current?.getContext('2d');
          const { x, y } = point(event);
          ctx?.beginPath();
          ctx?.moveTo(x, y);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const ctx = canvas.current?.getContext('2d');
          if (!ctx) return;
          const { x, y } = point(event);
          ctx.lineWidth = 3;
          ctx.lineTo(x, y);
          ctx.stroke();
          setDrawn(true);
        }}
        onPointerUp={() => {
          drawing.current = false;
          if (drawn) upload();
        }}
      />
      <Group>
        <Button
          variant="default"
          onClick={() => {
            canvas.current?.getContext('2d')?.clearRect(0, 0, 600, 240);
            setDrawn(false);
            onChange({});
          }}
        >
          Borrar
        </Button>
        {typeof value.fileName === 'string' && <Text size="sm">Firma guardada</Text>}
        {error && <Text c="red">{error}</Text>}
      </Group>
    </Stack>
  );
}
