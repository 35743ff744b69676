import { Button, Stack, Text } from '@mantine/core';
import type { EditorText } from '../editApi';
import { EditRefusalAlert } from './EditRefusalAlert';
import { useSent, type Send } from './editRequests';
import { TARGET_PX, TextControl, textEdits } from './TextControl';
import { useDrafts } from './useDrafts';

/**
 * The step's own texts other than its title (its description, paragraphs, links' labels, the
 * screen's words such as a list's empty text or a summary's line labels), saved together by
 * "Save texts", one edit a text, as a field's are by "Save field".
 */
export function StepTextsEditor({ step, texts, send }: { step: string; texts: EditorText[]; send: Send }) {
  const [draft, setDraft] = useDrafts<string>();
  const [refusal, sent] = useSent(send);
  const edits = textEdits(step, texts, draft);
  if (texts.length === 0) return null;
  return (
    <Stack gap={4} role="group" aria-label="Screen texts">
      <Text size="sm" fw={600}>
        Screen texts
      </Text>
      <Text size="xs" c="gray.7">
        A description, paragraph, help, placeholder or message saved empty is taken out of the file.
      </Text>
      {texts.map((text) => (
        <TextControl key={text.pointer} text={text} name={text.label} draft={draft(text.pointer, text.value ?? '')} onChange={(value) => setDraft(text.pointer, text.value ?? '', value)} />
      ))}
      <Button mih={TARGET_PX} variant="light" color="blue.9" disabled={edits.length === 0} onClick={() => sent(edits)}>
        Save texts
      </Button>
      {refusal && <EditRefusalAlert refusal={refusal} />}
    </Stack>
  );
}
