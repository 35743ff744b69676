import { Button, Modal, Stack, Text } from '@mantine/core';

/** The idle warning dialog, in its own chunk: most sales never show it (see IdleGuard). */
export default function IdleWarning({ onStay, subject = 'de la venta' }: { onStay: () => void; subject?: string }) {
  return (
    <Modal opened onClose={onStay} title="¿Sigues ahí?" centered withCloseButton={false}>
      <Stack>
        <Text>Tu sesión se cerrará en 2 minutos por inactividad y se borrarán los datos {subject}.</Text>
        <Button size="md" onClick={onStay}>
          Seguir conectado
        </Button>
      </Stack>
    </Modal>
  );
}
