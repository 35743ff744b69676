import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../api/apiError';
import type { AnswerShape } from '../../pack/answerShape';
import type { WidgetCall } from '../../runtime/inputMap';
import type { StepFormContext } from '../stepFormContext';
import { callForAnswer, widgetRequest } from '../widgetCall';
import { PDF_TYPE, planCompression, type CaptureLimits } from './compressionPlan';
import { readHead, signatureOf } from './fileSignature';
import { prepareOffMainThread } from './imageCompressor';

/** Where an upload is: preparing the photo (compressing, thumbnail), then sending it. */
export type UploadPhase = { kind: 'idle' } | { kind: 'preparing'; percent: number } | { kind: 'sending'; percent: number };

/** What a capture widget keeps of an uploaded file, besides the provider's answer. */
export interface SentFile {
  /** The name it was uploaded under (`.jpg` once compressed). */
  name: string;
  /** The agent's own name for it, as chosen. */
  originalName: string;
  bytes: number;
  originalBytes: number;
  type: string;
  thumbnail: string | undefined;
}

/** An uploaded file: the provider's answer, read as the widget's shape, and what the widget keeps of the file. */
export interface Sent<A> {
  data: A;
  file: SentFile;
}

const THUMBNAIL_SIDE = 160;

const percentOf = (loaded: number, total: number) => (total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0);

/**
 * A chosen photo made ready to upload in the worker (compressed when the plan says so, with its
 * thumbnail), or the Spanish message of why it could not be: unreadable, or still over the limit.
 */
async function preparedPhoto(file: File, compress: boolean, limits: CaptureLimits, onPercent: (percent: number) => void): Promise<{ blob: Blob; thumbnail: string | undefined } | string> {
  let prepared;
  try {
    prepared = await prepareOffMainThread(file, { compress, ...limits, thumbnailSide: THUMBNAIL_SIDE }, onPercent);
  } catch {
    return 'No se pudo leer la imagen: toma la foto de nuevo o elige otra.';
  }
  if (prepared.blob.size > limits.maxBytes) return 'No se pudo reducir la foto al tamaño permitido: tómala de nuevo, más de cerca.';
  return { blob: prepared.blob, thumbnail: prepared.thumbnail };
}

/** What to do with a chosen file, judged by its first bytes (compressionPlan.ts); one that cannot be read is refused. */
async function planFor(file: File, limits: CaptureLimits, accept: string): Promise<ReturnType<typeof planCompression>> {
  try {
    return planCompression(file, limits, accept, signatureOf(await readHead(file)));
  } catch {
    return { action: 'refuse', message: 'No se pudo leer el archivo: elige otro.' };
  }
}

/** Whether the component is still on the page: a widget left while a photo uploads must not set state, nor its parent's data, afterwards. */
function useMounted() {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

/**
 * Compresses (in the worker) and uploads files for a capture widget, with the phase and percentage
 * its progress bar shows and the Spanish message of a failure. One file at a time. The upload is
 * the call the step file declares (`ui:options.call`): its input (a `region`, ...) read from the
 * journey's data and the form, the file added as the multipart `file`; its answer read as the
 * widget's `shape` (src/pack/widgetAnswers.ts).
 */
export function useCaptureUpload<A>(shape: AnswerShape<A>, context: Pick<StepFormContext, 'call' | 'journeyData' | 'formData'>) {
  const { call } = context;
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
  const [error, setError] = useState<string | undefined>();
  const mounted = useMounted();

  const fail = (message: string) => {
    if (!mounted.current) return undefined;
    setPhase({ kind: 'idle' });
    setError(message);
    return undefined;
  };

  /** Uploads a blob as it is (a signature's PNG) through the declared multipart call, with progress. */
  const send = async (declared: WidgetCall, blob: Blob, name: string): Promise<A | undefined> => {
    setError(undefined);
    setPhase({ kind: 'sending', percent: 0 });
    const outcome = await callForAnswer(call, declared, {
      ...widgetRequest(declared, context).request,
      files: [{ field: 'file', blob, name }],
      onUploadProgress: ({ loaded, total }) => mounted.current && setPhase({ kind: 'sending', percent: percentOf(loaded, total) }),
    }, shape);
    if (!mounted.current) return undefined;
    if (!outcome.ok) return fail(outcome.error.message);
    // An upload the provider answers with nothing has not told where the file is.
    if (outcome.data === null) return fail(MESSAGES.generic);
    setPhase({ kind: 'idle' });
    return outcome.data;
  };

  /**
   * Judges a chosen file by its first bytes (an image or, where the step's `accept` takes one, a
   * PDF), compresses a photo to the step's limits when it needs it, then uploads it; a PDF goes as
   * it is. `onAccepted` runs once the file is taken, before it goes: a refused file leaves what the
   * widget held as it was.
   */
  const capture = async (declared: WidgetCall, file: File, limits: CaptureLimits, accept: string, onAccepted?: () => void): Promise<Sent<A> | undefined> => {
    const plan = await planFor(file, limits, accept);
    if (!mounted.current) return undefined;
    if (plan.action === 'refuse') return fail(plan.message);
    onAccepted?.();
    setError(undefined);
    const isPdf = plan.action === 'send' && plan.type === PDF_TYPE;
    if (!isPdf) setPhase({ kind: 'preparing', percent: 0 });
    // A PDF is sent as what its bytes are, whatever type the browser gave the file; a photo is made ready in the worker.
    const prepared = isPdf
      ? { blob: new Blob([file], { type: PDF_TYPE }), thumbnail: undefined }
      : await preparedPhoto(file, plan.action === 'compress', limits, (percent) => mounted.current && setPhase({ kind: 'preparing', percent: Math.round(percent) }));
    if (typeof prepared === 'string') return fail(prepared);
    const { blob, thumbnail } = prepared;
    const data = await send(declared, blob, plan.name);
    if (data === undefined) return undefined;
    const type = plan.action === 'send' ? plan.type : 'image/jpeg';
    return { data, file: { name: plan.name, originalName: file.name, bytes: blob.size, originalBytes: file.size, type, thumbnail } };
  };

  return { phase, error, busy: phase.kind !== 'idle', capture, send, setError };
}
