import { Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useId } from 'react';
import { formatBytes } from '../capture/byteSize';
import { captureOptions } from '../capture/captureOptions';
import { FilePicker } from '../capture/FilePicker';
import { isPdfUpload } from '../capture/isPdfUpload';
import { PdfFileIcon } from '../capture/PdfFileIcon';
import { startCompressor } from '../capture/imageCompressor';
import { UploadProgress } from '../capture/UploadProgress';
import { useCaptureUpload } from '../capture/useCaptureUpload';
import { fitsShape } from '../../pack/answerShape';
import { imageUploadAnswer, photoCaptureAnswer } from '../../pack/widgetAnswers';
import { declaredCall } from '../widgetCall';
import type { FormWidgetProps } from './formWidget';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * A photo of the ID from the camera or a file, compressed in a worker to `ui:options.maxBytes`
 * (or, where `accept` takes one, a PDF: sent as it is, shown by its icon and name) and uploaded with its progress through the call the step file declares (`ui:options.call`).
 * An answer with a `Payload` (an image upload) gives the data its fileName and imageUrl; any
 * other (an upload that also reads the ID) goes into the data as its `reading`. A new photo
 * replaces the one before. The data also keeps the thumbnail and sizes, so the screen shows the
 * photo again after a reload.
 */
export function FileCaptureForm(props: FormWidgetProps) {
  const { value, onChange, options, title } = props;
  const id = useId();
  const { limits, accept, camera } = captureOptions(options);
  const declared = declaredCall(props, undefined, options);
  const upload = useCaptureUpload(photoCaptureAnswer, props);
  useEffect(startCompressor, []);

  const take = async (file: File) => {
    if (!declared) return upload.setError('Este paso no indica a dónde enviar la foto.');
    // The photo before stops counting as soon as another is taken (the step cannot go on with
    // it), but not for a file refused before it goes (a text file where a photo or PDF was asked).
    const sent = await upload.capture(declared, file, limits, accept, () => onChange({}));
    if (!sent) return;
    const kept = { thumbnail: sent.file.thumbnail, bytes: sent.file.bytes, originalBytes: sent.file.originalBytes, originalName: sent.file.originalName, type: sent.file.type };
    const { data } = sent;
    if (fitsShape(imageUploadAnswer, data)) onChange({ ...data.Payload, ...kept });
    else onChange({ fileName: text(data.fileName) ?? sent.file.name, imageUrl: data.imageUrl, reading: data, ...kept });
  };

  return (
    <Stack gap="sm">
      <FilePicker
        id={id}
        label={title}
        accept={accept}
        camera={camera}
        disabled={upload.busy}
        error={upload.error}
        onFiles={([file]) => file && void take(file)}
      />
      <UploadProgress phase={upload.phase} />
      {text(value.imageUrl) !== undefined && <CapturedFile value={value} />}
    </Stack>
  );
}

/** What was uploaded, as the form keeps it: the photo's thumbnail (a PDF: its icon and name) and its size. */
function CapturedFile({ value }: { value: FormWidgetProps['value'] }) {
  const name = text(value.originalName) ?? text(value.fileName);
  const pdf = isPdfUpload({ type: value.type, names: [value.fileName, value.originalName] });
  const thumbnail = pdf ? undefined : text(value.thumbnail);
  const bytes = count(value.bytes);
  const originalBytes = count(value.originalBytes);
  return (
    <Stack gap={4}>
      {thumbnail && <Image src={thumbnail} alt="Vista previa de la foto" w={160} radius="sm" fit="contain" />}
      {pdf ? (
        <Group gap="sm" wrap="nowrap">
          <PdfFileIcon />
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {`PDF cargado: ${name ?? 'documento.pdf'}`}
          </Text>
        </Group>
      ) : (
        <Text size="sm" fw={500}>
          Foto cargada
        </Text>
      )}
      {bytes !== undefined && (
        <Text size="xs" c="dimmed">
          {originalBytes !== undefined && originalBytes !== bytes ? `${formatBytes(bytes)} (de ${formatBytes(originalBytes)})` : formatBytes(bytes)}
        </Text>
      )}
    </Stack>
  );
}
