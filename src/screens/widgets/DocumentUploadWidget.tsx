import { Badge, FileInput, Group, Stack, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import type { StepFormContext } from '../stepFormContext';

type Uploaded = { fileName: string; imageUrl: string };

/** Photos or files of one document type, each uploaded as chosen, with a count. */
export function DocumentUploadWidget({ id, value, onChange, options, label, rawErrors, required, registry }: WidgetProps) {
  const { call } = registry.formContext as StepFormContext;
  // rjsf fills a list with `minItems` with empty items: only uploaded files count.
  const files = (Array.isArray(value) ? value : []).filter((f): f is Uploaded => typeof (f as Uploaded | undefined)?.fileName === 'string');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <Stack gap={4}>
      <FileInput
        id={id}
        label={label}
        required={required}
        accept={typeof options.accept === 'string' ? options.accept : 'image/*'}
        placeholder="Agregar archivo"
        value={null}
        disabled={busy}
        error={rawErrors?.[0] ?? error}
        size="md"
        onChange={async (file) => {
          if (!file) return;
          setBusy(true);
          const outcome = await call('frontIdUpload', { region: 'SV', files: [{ field: 'file', blob: file, name: file.name }] });
          setBusy(false);
          if (!outcome.ok) {
            setError(outcome.error.message);
            return;
          }
          setError(undefined);
          const payload = (outcome.data as { Payload?: Uploaded }).Payload;
          if (payload) onChange([...files, payload]);
        }}
      />
      <Group gap="xs">
        <Badge>{files.length}</Badge>
        <Text size="sm">{files.map((f) => f.fileName).join(', ')}</Text>
      </Group>
    </Stack>
  );
}
