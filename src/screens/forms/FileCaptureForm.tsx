import { FileInput, Image, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormWidgetProps } from './formWidget';

/**
 * A photo from the camera (`capture`) or a file, uploaded as soon as it is chosen: through
 * `frontIdUpload`, or the call named in `ui:options.operation` (the rear's uploadAndRecognize,
 * whose reading goes into the data). Compression in a worker comes with the capture issue.
 */
export function FileCaptureForm({ value, onChange, options, call, title }: FormWidgetProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const operation = options.operation === 'rearIdRecognition' ? 'rearIdRecognition' : 'frontIdUpload';
  const imageUrl = typeof value.imageUrl === 'string' ? value.imageUrl : undefined;
  return (
    <Stack>
      <FileInput
        label={title}
        accept={typeof options.accept === 'string' ? options.accept : 'image/*'}
        capture={options.capture === 'environment' ? 'environment' : undefined}
        placeholder="Tomar foto o elegir archivo"
        disabled={busy}
        error={error}
        size="md"
        onChange={async (file) => {
          if (!file) return;
          setBusy(true);
          const outcome = await call(operation, { region: 'SV', files: [{ field: 'file', blob: file, name: file.name }] });
          setBusy(false);
          if (!outcome.ok) {
            setError(outcome.error.message);
            return;
          }
          setError(undefined);
          const data = outcome.data as Record<string, unknown>;
          if (operation === 'frontIdUpload') onChange({ ...(data.Payload as Record<string, unknown>) });
          else onChange({ fileName: file.name, imageUrl: data.imageUrl, reading: data });
        }}
      />
      {busy && <Progress value={100} animated aria-label="Subiendo" />}
      {imageUrl && <Text size="sm">Foto cargada</Text>}
      {imageUrl && imageUrl.startsWith('blob:') && <Image src={imageUrl} alt="Foto" h={120} fit="contain" />}
    </Stack>
  );
}
