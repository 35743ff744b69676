import { Textarea, TextInput } from '@mantine/core';
import type { EditorText, StudioEdit } from '../editApi';

/** The editor's tap targets, as the app's (WCAG 2.5.5's 44 px): its text boxes and their save buttons. */
export const TARGET_PX = 44;

/** A text box or select at that height (`styles` of a Mantine input). */
export const BOX = { input: { minHeight: TARGET_PX } };

// Prose (a paragraph, a description, a help, a message) wraps in a box that grows with it; a
// label or an option's word is one line.
const PROSE = /\/text\/\d+$|\/description$|\/ui:help$|^\/messages\//;

/**
 * One text of a step file (EditorText) as a box labelled with what it is (`label`) and named for
 * a screen reader with its owner (`name`: "Número de documento help"); a text the file lacks
 * shows "none" until something is typed.
 */
export function TextControl({ text, name, draft, onChange }: { text: EditorText; name: string; draft: string; onChange: (value: string) => void }) {
  const props = {
    label: text.label,
    'aria-label': name,
    value: draft,
    placeholder: text.value === undefined ? 'none' : undefined,
    size: 'sm',
    styles: BOX,
    'data-pointer': text.pointer,
  } as const;
  return PROSE.test(text.pointer) ? (
    <Textarea {...props} autosize minRows={1} maxRows={6} onChange={(e) => onChange(e.currentTarget.value)} />
  ) : (
    <TextInput {...props} onChange={(e) => onChange(e.currentTarget.value)} />
  );
}

/**
 * The edits that write what was typed over `texts` (`draft`: the typed text, or the file's). The
 * texts taken out go last, the later paragraphs first, so that no edit names a paragraph an
 * earlier one of the same save moved up.
 */
export function textEdits(step: string, texts: readonly EditorText[], draft: (pointer: string, file: string) => string): StudioEdit[] {
  const changed = texts.flatMap((text) => {
    const value = draft(text.pointer, text.value ?? '');
    return value === (text.value ?? '') ? [] : [{ text, value }];
  });
  const removed = (c: (typeof changed)[number]) => c.value === '' && c.text.optional;
  return [...changed.filter((c) => !removed(c)), ...changed.filter(removed).reverse()].map(({ text, value }) => ({ kind: 'stepText', step, pointer: text.pointer, value }));
}
