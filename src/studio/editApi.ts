/**
 * The studio's edits (issue #37): what the page sends to change a journey or step file and what
 * the server answers (src/studio/server/edits/), shared so that one change of shape is a type
 * error on both sides. Every edit is one change of one file, checked as journeys:check checks
 * before it is written; undo and redo put a file's text back exactly.
 */
import type { LocatedProblem } from '../checker/problem';

/** A field's rule the studio edits: `required` on or off, or a limit (none: `null`, the keyword removed). */
export type FieldRule = 'required' | 'minLength' | 'maxLength' | 'minimum' | 'maximum';

/** `POST /__studio/api/edit?country=<cc>`: one edit. */
export type StudioEdit =
  /** A text of a step file at its pointer (`/title`, `/description`, `/text/0`, a field's `/schema/properties/<f>/title`, a button's `/buttons/0/label`, a `ui:help`...: one the editor lists, EditorText); an optional one sent empty is removed. */
  | { kind: 'stepText'; step: string; pointer: string; value: string }
  | { kind: 'fieldRule'; step: string; field: string; rule: FieldRule; value: boolean | number | null }
  /** A transition's target as written in the journey file (a sibling's key, `#<journey id>.signedIn.home`), at the target's JSON Pointer. */
  | { kind: 'target'; pointer: string; target: string }
  | { kind: 'buttonEvent'; step: string; button: number; event: string }
  /** A state moved before (`up`) or after (`down`) its neighbour in its parent's `states`, by its full id. */
  | { kind: 'move'; state: string; direction: 'up' | 'down' };

/** One edit written, as the history keeps it (without the texts). */
export interface HistoryEntry {
  /** The file, relative to the working folder. */
  file: string;
  /** What changed, in words (`title of idReview: "A" → "B"`). */
  label: string;
  at: number;
}

/** `GET /__studio/api/edit/history`: the edits that can be undone (newest last) and redone (next first). */
export interface HistoryAnswer {
  undo: HistoryEntry[];
  redo: HistoryEntry[];
}

/** `POST /__studio/api/edit`, `/undo`, `/redo`: what was written, and the history after it. */
export interface EditAnswer {
  written: HistoryEntry;
  history: HistoryAnswer;
}

/**
 * An edit refused (status 422): why, and the problems the edit would bring that the files did not
 * have, each as journeys:check prints it (file, line, pointer, words). Nothing was written.
 */
export interface EditRefusal {
  error: string;
  problems?: LocatedProblem[];
}

/**
 * A text of a step file the screen shows and the editor edits with a `stepText` edit: the step's
 * description and paragraphs, a field's description, help, placeholder, options' words and
 * messages, the screen's own words (a list's empty text, a summary's line labels). The title, a
 * field's title and a button's label have their own controls (`title`, `fields`, `buttons`).
 */
export interface EditorText {
  /** Its JSON Pointer in the step file: what a `stepText` edit names. */
  pointer: string;
  /** As the file writes it; undefined where the file has none yet (a field with no help): saved, it is added. */
  value: string | undefined;
  /** What it is, in the studio's words: "Step description", "Paragraph 2", "help", "option PASAPORTE", "message maxLength". */
  label: string;
  /** The field (its name in `schema/properties`) it belongs to; none for the step's own texts. */
  field?: string;
  /** Saved empty, it is taken out of the file (with an object or list it leaves empty); a text the screen needs is written empty and the check decides. */
  optional: boolean;
}

/** A field of a step as the editor shows it: its title and the rules it may edit. */
export interface EditorField {
  name: string;
  title: string | undefined;
  type: string | undefined;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** One target of one of the state's transitions. */
export interface EditorTransition {
  /** The target's JSON Pointer in the journey file (what a `target` edit names). */
  pointer: string;
  /** The event as the file names it (`step.submit`, `done api.sales`, `always`), with its guard. */
  label: string;
  /** The target as written. */
  target: string;
  /** The full id of the state it names, if any. */
  targetId: string | undefined;
}

/** `GET /__studio/api/edit/state?country=<cc>&state=<full id>`: what the editor of a state shows. */
export interface EditorState {
  country: string;
  stateId: string;
  /** The step the state shows, with its file's texts, fields and buttons. */
  step?: {
    name: string;
    file: string;
    title: string;
    fields: EditorField[];
    buttons: Array<{ index: number; label: string; event: string }>;
    /** Every other text it shows, in the file's order, those it could have and lacks included. */
    texts: EditorText[];
  };
  transitions: EditorTransition[];
  /** Every state a transition of this one may go to: its full id and the target as the file would write it from here. */
  targets: Array<{ id: string; text: string }>;
  /** Events a button of this state's step may send: those the state and its ancestors handle. */
  events: string[];
  /** Where the state sits among its siblings (0-based), for moving it. */
  position: { index: number; of: number };
  history: HistoryAnswer;
}
