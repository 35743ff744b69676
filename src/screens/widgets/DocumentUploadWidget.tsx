import { Stack, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect } from 'react';
import { captureOptions } from '../capture/captureOptions';
import { FilePicker } from '../capture/FilePicker';
import { startCompressor } from '../capture/imageCompressor';
import { isPdfUpload } from '../capture/isPdfUpload';
import { UploadedFileRow } from '../capture/UploadedFileRow';
import { UploadProgress } from '../capture/UploadProgress';
import { useCaptureUpload } from '../capture/useCaptureUpload';
import { imageUploadAnswer } from '../../pack/widgetAnswers';
import type { StepFormContext } from '../stepFormContext';
import { declaredCall } from '../widgetCall';

/**
 * One uploaded document as the step keeps it: the provider's fileName and imageUrl (what the
 * journey needs), and what the screen shows again after a reload: the agent's name for the
 * file, its size and thumbnail.
 */
interface Uploaded {
  fileName: string;
  imageUrl: string;
  originalName?: string;
  bytes?: number;
  thumbnail?: string;
  /** The type it was sent as (`application/pdf`, `image/jpeg`): a PDF shows its icon and name. */
  type?: string;
}

const isUploaded = (item: unknown): item is Uploaded => typeof (item as Uploaded | undefined)?.fileName === 'string';

const countLabel = (n: number) => (n === 1 ? '1 archivo' : `${n} archivos`);

/**
 * Photos or files of one document type (`ui:options`: `maxBytes`, `accept`, `capture`), each
 * compressed in the worker to the step's limit (a PDF, where `accept` takes one, sent as it is
 * within the limit) and uploaded with its progress through the call the step file declares
 * (`ui:options.call`), listed with its thumbnail (a PDF's icon) and name, counted, and removable.
 * Several may be chosen at once; they go one by one. A file refused (neither an image nor a PDF,
 * a PDF over the limit) is said at the field; what was uploaded stays.
 */
export function DocumentUploadWidget({ id, name, value, onChange, options, label, rawErrors, required, registry }: WidgetProps) {
  const context = registry.formContext as StepFormContext;
  const { limits, accept, camera } = captureOptions(options);
  const upload = useCaptureUpload(imageUploadAnswer, context);
  const declared = declaredCall(context, name, options);
  useEffect(startCompressor, []);
  // rjsf fills a list with `minItems` with empty items: only uploaded files count.
  const files = (Array.isArray(value) ? value : []).filter(isUploaded);

  const add = async (chosen: File[]) => {
    let list = files;
    if (!declared) return upload.setError('Este paso no indica a dónde enviar los archivos.');
    for (const file of chosen) {
      const sent = await upload.capture(declared, file, limits, accept);
      if (!sent) break;
      const { fileName, imageUrl } = sent.data.Payload;
      list = [...list, { fileName, imageUrl, originalName: sent.file.originalName, bytes: sent.file.bytes, thumbnail: sent.file.thumbnail, type: sent.file.type }];
      onChange(list);
    }
  };

  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <FilePicker
        id={id}
        label={label}
        accept={accept}
        camera={camera}
        multiple
        required={required}
        disabled={upload.busy}
        error={upload.error ?? rawErrors?.[0]}
        onFiles={(chosen) => void add(chosen)}
      />
      <UploadProgress phase={upload.phase} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {countLabel(files.length)}
      </Text>
      {files.map((file, index) => (
        <UploadedFileRow
          key={file.fileName}
          name={file.originalName ?? file.fileName}
          bytes={file.bytes}
          thumbnail={file.thumbnail}
          pdf={isPdfUpload({ type: file.type, names: [file.fileName, file.originalName] })}
          disabled={upload.busy}
          // None left is no answer at all, as before the first: the step's `required` holds it back.
          onRemove={() => onChange(files.length > 1 ? files.filter((_, i) => i !== index) : undefined)}
        />
      ))}
    </Stack>
  );
}
