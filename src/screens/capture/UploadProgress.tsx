import { Progress, Stack, Text } from '@mantine/core';
import type { UploadPhase } from './useCaptureUpload';

/** The bar under a capture widget: the photo being prepared, then the real share of it sent. */
export function UploadProgress({ phase }: { phase: UploadPhase }) {
  if (phase.kind === 'idle') return null;
  const label = phase.kind === 'preparing' ? 'Preparando la foto' : 'Subiendo';
  return (
    <Stack gap={4}>
      <Text size="sm">{`${label}… ${phase.percent} %`}</Text>
      <Progress value={phase.percent} aria-label={label} size="lg" transitionDuration={150} />
    </Stack>
  );
}
