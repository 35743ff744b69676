import { Badge, Button, Group, Image, Stack, Text } from '@mantine/core';
import { formatBytes } from './byteSize';
import { PdfFileIcon } from './PdfFileIcon';

export interface UploadedFileRowProps {
  name: string;
  bytes: number | undefined;
  /** A small JPEG data URL; a PDF has none and shows its icon instead. */
  thumbnail: string | undefined;
  /** A PDF: its icon and name, never an image. */
  pdf: boolean;
  disabled: boolean;
  onRemove: () => void;
}

/** One uploaded document: its thumbnail (a PDF's icon), name and size, and a button to remove it. */
export function UploadedFileRow({ name, bytes, thumbnail, pdf, disabled, onRemove }: UploadedFileRowProps) {
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {pdf ? (
          <PdfFileIcon />
        ) : thumbnail ? (
          <Image src={thumbnail} alt={`Vista previa de ${name}`} w={56} h={56} radius="sm" fit="cover" />
        ) : (
          <Badge size="lg" variant="light" w={56} h={56} radius="sm">
            Archivo
          </Badge>
        )}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" truncate="end">
            {name}
          </Text>
          {(pdf || bytes !== undefined) && (
            <Text size="xs" c="dimmed">
              {[pdf ? 'Documento PDF' : undefined, bytes === undefined ? undefined : formatBytes(bytes)].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Stack>
      </Group>
      <Button variant="subtle" color="red" size="compact-md" disabled={disabled} aria-label={`Quitar ${name}`} onClick={onRemove}>
        Quitar
      </Button>
    </Group>
  );
}
