/**
 * The studio's edits written, undone and redone (issue #37). Each edit is checked before it is
 * written (candidateProblems.ts) and kept as `{ file, before, after }`, one history per journeys
 * folder (a test's copy has its own); undo writes `before` back and redo `after`, exactly, and
 * only while the file still holds the text the edit left (a file saved in an editor since is not
 * overwritten). Undo and redo are checked as an edit is: the other files may have changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { EditAnswer, EditRefusal, HistoryAnswer, HistoryEntry, StudioEdit } from '../../editApi';
import { formatProblem } from '../../../checker/problem';
import { journeysDir, PanelError } from '../panels/packJourney';
import { candidateProblems } from './candidateProblems';
import { editedText } from './editedText';

interface Written {
  country: string;
  file: string;
  before: string;
  after: string;
  label: string;
  at: number;
}

const histories = new Map<string, { undo: Written[]; redo: Written[] }>();

function historyOf(): { undo: Written[]; redo: Written[] } {
  const dir = journeysDir();
  let history = histories.get(dir);
  if (!history) histories.set(dir, (history = { undo: [], redo: [] }));
  return history;
}

const shown = (file: string) => relative(process.cwd(), file) || file;
const entry = (w: Written): HistoryEntry => ({ file: shown(w.file), label: w.label, at: w.at });

/** `GET /__studio/api/edit/history`. */
export function editHistory(): HistoryAnswer {
  const { undo, redo } = historyOf();
  return { undo: undo.map(entry), redo: [...redo].reverse().map(entry) };
}

/** Writes `text` to `file` once the check finds no new problem; refused (422) with them otherwise. */
function writeChecked(country: string, file: string, text: string, what: string): void {
  const problems = candidateProblems(country, file, text);
  if (problems.length > 0) {
    const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
    const refusal: EditRefusal = { error: `Refused, nothing written: ${what} would bring ${count} the files do not have (npm run journeys:check):\n${problems.map(formatProblem).join('\n')}`, problems };
    throw new PanelError(refusal.error, 422, { problems });
  }
  writeFileSync(file, text);
}

/** `POST /__studio/api/edit?country=<cc>`: the edit checked, written and kept for undo. */
export function applyEdit(country: string, edit: StudioEdit): EditAnswer {
  const { file, before, after, label } = editedText(country, edit);
  if (after === before) throw new PanelError(`nothing to change: ${label}`);
  writeChecked(country, file, after, 'the edit');
  const history = historyOf();
  const written: Written = { country, file, before, after, label, at: Date.now() };
  history.undo.push(written);
  history.redo.length = 0;
  return { written: entry(written), history: editHistory() };
}

/** Puts one edit's text back (undo: `before`, redo: `after`) if the file still holds what it left. */
function step(from: 'undo' | 'redo'): EditAnswer {
  const history = historyOf();
  const to = from === 'undo' ? history.redo : history.undo;
  const edit = history[from].at(-1);
  if (!edit) throw new PanelError(`nothing to ${from}`, 409);
  const [expected, restored] = from === 'undo' ? [edit.after, edit.before] : [edit.before, edit.after];
  let now: string;
  try {
    now = readFileSync(edit.file, 'utf8');
  } catch {
    throw new PanelError(`${shown(edit.file)} cannot be read any more: ${from} refused`, 409);
  }
  if (now !== expected) {
    throw new PanelError(`${shown(edit.file)} changed on disk since the studio ${from === 'undo' ? 'wrote' : 'undid'} "${edit.label}" (saved in an editor?): ${from} refused, nothing written, so that the change on disk is kept`, 409);
  }
  writeChecked(edit.country, edit.file, restored, from);
  history[from].pop();
  to.push(edit);
  return { written: entry(edit), history: editHistory() };
}

/** `POST /__studio/api/undo`. */
export const undoEdit = (): EditAnswer => step('undo');
/** `POST /__studio/api/redo`. */
export const redoEdit = (): EditAnswer => step('redo');
