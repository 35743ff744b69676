import { useState } from 'react';

/**
 * What a product owner typed over the files' values, by key, each shown for as long as the file
 * still holds the value it was typed over. So a control needs no reset and no new key: saved,
 * the file holds the draft; refused, the file is as it was and the draft stays; changed on disk
 * (an editor, undo), the file's new value shows.
 *
 * @example const [draft, setDraft] = useDrafts<string>(); draft('/title', file.title) // the typed title, or the file's
 */
export function useDrafts<V>(): [(key: string, file: V) => V, (key: string, file: V, typed: V) => void] {
  const [drafts, setDrafts] = useState<Record<string, { typed: V; over: V }>>({});
  const read = (key: string, file: V): V => {
    const draft = drafts[key];
    return draft && Object.is(draft.over, file) ? draft.typed : file;
  };
  const write = (key: string, file: V, typed: V) => setDrafts((all) => ({ ...all, [key]: { typed, over: file } }));
  return [read, write];
}
