import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type RefObject } from 'react';
import SignaturePad from 'signature_pad';
import { scaleSignature } from '../capture/scaleSignature';
import { UploadProgress } from '../capture/UploadProgress';
import { useCaptureUpload } from '../capture/useCaptureUpload';
import { imageUploadAnswer, type ImageUploadAnswer } from '../../pack/widgetAnswers';
import type { WidgetCall } from '../../runtime/inputMap';
import { declaredCall } from '../widgetCall';
import type { FormWidgetProps } from './formWidget';

/** How long after the last stroke the signature is uploaded: a signature is several strokes. */
const SETTLE_MS = 600;
/** The longest side of the preview kept in the data (to show the signature again after a reload). */
const PREVIEW_WIDTH = 320;

/** A small PNG of the canvas as a data URL. */
function previewOf(canvas: HTMLCanvasElement): string {
  const scale = Math.min(1, PREVIEW_WIDTH / canvas.width);
  const small = document.createElement('canvas');
  small.width = Math.max(1, Math.round(canvas.width * scale));
  small.height = Math.max(1, Math.round(canvas.height * scale));
  small.getContext('2d')?.drawImage(canvas, 0, 0, small.width, small.height);
  return small.toDataURL('image/png');
}

/**
 * Sizes the canvas to its box at the device's pixel ratio when the box changes, its strokes
 * scaled to the new width and a signature restored after a reload drawn again; `drawnWidth` is
 * the box's width the pad was drawn at.
 */
async function fitCanvas(canvas: HTMLCanvasElement, pad: SignaturePad, drawnWidth: { current: number }, restored: string | undefined) {
  const width = canvas.offsetWidth;
  const height = canvas.offsetHeight;
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  if (width === 0 || (width === drawnWidth.current && canvas.width === Math.round(width * ratio))) return;
  const strokes = scaleSignature(pad.toData(), drawnWidth.current > 0 ? width / drawnWidth.current : 1);
  drawnWidth.current = width;
  // Setting the size empties the canvas; its pixels are then device pixels.
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.getContext('2d')?.scale(ratio, ratio);
  pad.clear();
  if (restored) await pad.fromDataURL(restored, { width, height }).catch(() => undefined);
  if (strokes.length > 0) pad.fromData(strokes, { clear: false });
}

/** What the pad's handlers read of the widget as it is now (they are made once). */
interface Latest extends Pick<FormWidgetProps, 'value' | 'onChange'> {
  upload: ReturnType<typeof useCaptureUpload<ImageUploadAnswer>>;
  declared: WidgetCall | undefined;
}

/**
 * Uploads the drawing as a PNG through the declared call and keeps the provider's answer with a
 * preview, unless the drawing changed meanwhile (`mine` is no longer the current generation).
 */
async function uploadDrawing(canvas: HTMLCanvasElement, mine: number, generation: RefObject<number>, latest: RefObject<Latest>) {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob || mine !== generation.current) return;
  const preview = previewOf(canvas);
  const { declared: call } = latest.current;
  if (!call) return latest.current.upload.setError('Este paso no indica a dónde enviar la firma.');
  const data = await latest.current.upload.send(call, blob, 'firma.png');
  if (!data || mine !== generation.current) return;
  latest.current.onChange({ ...data.Payload, preview });
}

/**
 * The signature pad on the canvas: made once, fitted to the canvas's size, and a moment after the
 * last stroke the drawing uploaded; a new stroke takes the uploaded one back. Gives the canvas's
 * ref, the pad, a way to upload now (a retry) and the clearing of it all.
 */
function useSignaturePad(now: Latest) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  // Each change of the drawing starts a new generation: an upload of an older one is dropped.
  const generation = useRef(0);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A signature saved before a reload has no strokes here, only its preview.
  const restored = useRef(typeof now.value.preview === 'string' && typeof now.value.fileName === 'string' ? now.value.preview : undefined);
  const saveNow = useRef<() => void>(() => undefined);
  const latest = useRef(now);
  useEffect(() => {
    latest.current = now;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255, 255, 255)', penColor: '#1a1b1e' });
    padRef.current = pad;
    const drawnWidth = { current: 0 };
    const fit = () => void fitCanvas(canvas, pad, drawnWidth, restored.current);
    const onBegin = () => {
      generation.current += 1;
      clearTimeout(settle.current);
      if (typeof latest.current.value.fileName === 'string') latest.current.onChange({});
    };
    const onEnd = () => {
      const mine = generation.current;
      clearTimeout(settle.current);
      settle.current = setTimeout(() => void uploadDrawing(canvas, mine, generation, latest), SETTLE_MS);
    };
    saveNow.current = () => void uploadDrawing(canvas, generation.current, generation, latest);

    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    pad.addEventListener('beginStroke', onBegin);
    pad.addEventListener('endStroke', onEnd);
    return () => {
      observer.disconnect();
      clearTimeout(settle.current);
      pad.off();
      padRef.current = null;
    };
    // The pad is made once; what it reads later comes through refs (`latest`, `restored`).
  }, []);

  const clear = () => {
    generation.current += 1;
    clearTimeout(settle.current);
    restored.current = undefined;
    padRef.current?.clear();
    now.upload.setError(undefined);
    now.onChange({});
  };
  return { canvasRef, padRef, saveNow, clear };
}

/**
 * A signature drawn with the finger (signature_pad), on a canvas as wide as the screen at the
 * device's pixel ratio, and drawn again when its size changes. A moment after the last stroke it
 * is uploaded as a PNG through the call the step file declares (`ui:options.call`, the provider's
 * image upload; the data is its Payload: fileName, imageUrl), which the step requires; a new stroke or "Borrar" takes it back.
 */
export function SignatureForm(props: FormWidgetProps) {
  const { value, onChange, options, title } = props;
  const upload = useCaptureUpload(imageUploadAnswer, props);
  const { canvasRef, padRef, saveNow, clear } = useSignaturePad({ value, onChange, upload, declared: declaredCall(props, undefined, options) });
  const saved = typeof value.fileName === 'string' && typeof value.imageUrl === 'string';
  return (
    <Stack gap="sm">
      <Text fw={500}>{title}</Text>
      <canvas
        ref={canvasRef}
        aria-label="Área de firma"
        style={{ display: 'block', width: '100%', aspectRatio: '2 / 1', touchAction: 'none', border: '1px solid #ced4da', borderRadius: 8, background: '#fff' }}
      />
      <UploadProgress phase={upload.phase} />
      <Group>
        <Button variant="default" size="md" onClick={clear}>
          {typeof options.clearLabel === 'string' ? options.clearLabel : 'Borrar'}
        </Button>
        {saved && <Text size="sm">Firma cargada: toca «Guardar firma» para continuar</Text>}
        {!saved && !upload.busy && <Text size="sm" c="dimmed">Firma dentro del recuadro</Text>}
      </Group>
      {upload.error && (
        <Group>
          <Text c="red" role="alert">
            {upload.error}
          </Text>
          {padRef.current && !padRef.current.isEmpty() && (
            <Button variant="light" size="compact-md" onClick={() => saveNow.current()}>
              Reintentar
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
