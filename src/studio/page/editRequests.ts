/**
 * The editor's requests to the studio server (src/studio/server/edits/editRoutes.ts) and how a
 * control shows what came of them: written, or refused with the server's words and problems.
 */
import { useState } from 'react';
import type { EditAnswer, EditRefusal, StudioEdit } from '../editApi';
import { PANEL_API } from '../panelApi';

/** What an edit request came to: written, or refused with the server's words and problems. */
export type Outcome = { ok: true; answer: EditAnswer } | { ok: false; refusal: EditRefusal };

/** `POST` to an edit route (`/edit?country=<cc>`, `/undo`, `/redo`); a refusal is an outcome, not an error, for the control to show. */
export async function postEdit(route: string, body?: unknown): Promise<Outcome> {
  const response = await fetch(`${PANEL_API}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const answer = (await response.json().catch(() => ({ error: `the studio answered ${response.status}` }))) as EditAnswer | EditRefusal;
  return response.ok ? { ok: true, answer: answer as EditAnswer } : { ok: false, refusal: answer as EditRefusal };
}

/** Sends edits one after another, stopping at the first refused: its refusal, or undefined when all were written. */
export type Send = (edits: StudioEdit[]) => Promise<EditRefusal | undefined>;

/**
 * A control's edits sent, and the refusal shown beside it (not at the top of a long panel, out of
 * view); what was typed stays (useDrafts.ts).
 */
export function useSent(send: Send): [EditRefusal | undefined, (edits: StudioEdit[]) => void] {
  const [refusal, setRefusal] = useState<EditRefusal>();
  return [refusal, (edits) => void send(edits).then(setRefusal)];
}
