import { Button, Group, Input } from '@mantine/core';
import { useRef } from 'react';
import { isMobileDevice } from './captureOptions';

export interface FilePickerProps {
  id: string;
  label: string;
  accept: string;
  /** Offer the back camera (phones and tablets only: elsewhere it would open the file chooser too). */
  camera: boolean;
  multiple?: boolean;
  required?: boolean;
  disabled: boolean;
  error?: string;
  onFiles: (files: File[]) => void;
}

/**
 * One file input behind two buttons: "Tomar foto" opens the back camera (`capture`), "Elegir
 * archivo" the gallery or files. One input, so that the camera attribute is set just before it
 * opens and tests find one `input[type=file]` per field.
 */
export function FilePicker({ id, label, accept, camera, multiple, required, disabled, error, onFiles }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const withCamera = camera && typeof navigator !== 'undefined' && isMobileDevice(navigator.userAgent);
  const open = (useCamera: boolean) => {
    const element = input.current;
    if (!element) return;
    if (useCamera) element.setAttribute('capture', 'environment');
    else element.removeAttribute('capture');
    element.click();
  };
  return (
    <Input.Wrapper id={id} label={label} required={required} error={error} size="md">
      <Group gap="xs" mt={4}>
        {withCamera && (
          <Button size="md" disabled={disabled} onClick={() => open(true)}>
            Tomar foto
          </Button>
        )}
        <Button size="md" variant={withCamera ? 'default' : 'filled'} disabled={disabled} onClick={() => open(false)}>
          {withCamera ? 'Elegir archivo' : 'Elegir foto o archivo'}
        </Button>
      </Group>
      <input
        ref={input}
        id={id}
        type="file"
        hidden
        aria-label={label}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Cleared so that choosing the same file again (a retake) is a change too.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Input.Wrapper>
  );
}
