/**
 * A studio edit (src/studio/editApi.ts) as the file it changes and that file's text before and
 * after it, the rest of the text as written (jsonTextEdit.ts). Nothing is written here: the
 * candidate is checked first (candidateProblems.ts). An edit that names no place of the files is
 * refused in words the product owner can act on.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FieldRule, StudioEdit } from '../../editApi';
import { buildJourneyGraph } from '../../../pack/journeyGraph';
import { pointerSegments } from '../../../pack/jsonPointer';
import type { JourneyConfig } from '../../../pack/journeyTypes';
import { PanelError, paths } from '../panels/packJourney';
import { appendJsonItem, moveJsonProperty, setJsonValue, type JsonPath, type KeyPlaces } from './jsonTextEdit';
import { stepTexts } from './stepTexts';

export interface EditedText {
  file: string;
  before: string;
  after: string;
  /** The edit in words, for the history. */
  label: string;
}

const LIMITS: ReadonlySet<FieldRule> = new Set(['minLength', 'maxLength', 'minimum', 'maximum']);
const RULE_WORDS: Record<FieldRule, string> = { required: 'required', minLength: 'minimum length', maxLength: 'maximum length', minimum: 'minimum', maximum: 'maximum' };

const parse = (text: string, file: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw new PanelError(`${file} is not JSON at the moment: fix it in an editor first`, 409);
  }
};

/** A pointer's segments as jsonc-parser's path: an array's index as a number (an object's key stays a string, `"5000"` too). */
function pathIn(value: unknown, pointer: string): JsonPath {
  const path: JsonPath = [];
  let node = value;
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(node)) {
      path.push(Number(segment));
      node = node[Number(segment)];
    } else {
      path.push(segment);
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined;
    }
  }
  return path;
}

function stepFile(country: string, step: string): { file: string; text: string; value: unknown } {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(step)) throw new PanelError(`"${step}" is not a step's name`);
  const file = join(paths(country).steps, `${step}.json`);
  if (!existsSync(file)) throw new PanelError(`no step file ${step}.json for ${country}`, 404);
  const text = readFileSync(file, 'utf8');
  return { file, text, value: parse(text, file) };
}

const at = (value: unknown, path: JsonPath): unknown => path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined), value);

// Where a text the file lacks is added: a description under its title, the paragraphs under the description.
const TEXT_PLACES: KeyPlaces = { description: ['title'], text: ['description', 'title'], uiSchema: ['schema'] };

/** The text with the object or list `path` was in taken out too when the removal left it empty (a field's uiSchema that only held its help). */
function withoutEmptyParents(text: string, path: JsonPath): string {
  let after = text;
  for (let depth = path.length - 1; depth > 0; depth--) {
    const parent = at(JSON.parse(after), path.slice(0, depth));
    if (parent === null || typeof parent !== 'object' || Object.keys(parent).length > 0) break;
    after = setJsonValue(after, path.slice(0, depth), undefined);
  }
  return after;
}

function stepText(country: string, edit: Extract<StudioEdit, { kind: 'stepText' }>): EditedText {
  const { file, text, value } = stepFile(country, edit.step);
  const found = stepTexts(value).find((t) => t.pointer === edit.pointer);
  if (!found) throw new PanelError(`${edit.pointer} is not one of ${edit.step}'s texts (its title, description, paragraphs, a field's title, description, help, placeholder, options or messages, a button's or link's label, the screen's words)`);
  if (typeof edit.value !== 'string') throw new PanelError('a text is a string');
  const where = `${edit.step} ${edit.pointer}`;
  if (edit.value === '' && found.optional) {
    return { file, before: text, after: withoutEmptyParents(setJsonValue(text, found.path, undefined), found.path), label: `${where}: "${found.value ?? ''}" removed` };
  }
  const label = found.value === undefined ? `${where}: "${edit.value}" added` : `${where}: "${found.value}" → "${edit.value}"`;
  return { file, before: text, after: setJsonValue(text, found.path, edit.value, TEXT_PLACES), label };
}

function fieldRule(country: string, edit: Extract<StudioEdit, { kind: 'fieldRule' }>): EditedText {
  const { file, text, value } = stepFile(country, edit.step);
  const schema = at(value, ['schema']) as { properties?: Record<string, unknown>; required?: unknown } | undefined;
  if (!schema?.properties || !(edit.field in schema.properties)) throw new PanelError(`${edit.step} has no field ${edit.field}`);
  const label = `${edit.step} ${edit.field} ${RULE_WORDS[edit.rule]}: ${String(edit.value ?? 'none')}`;
  if (edit.rule === 'required') {
    if (typeof edit.value !== 'boolean') throw new PanelError('required is on (true) or off (false)');
    const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : undefined;
    const index = required?.indexOf(edit.field) ?? -1;
    if (edit.value === index >= 0) throw new PanelError(`${edit.field} is already ${edit.value ? 'required' : 'optional'}`);
    const after = !edit.value ? setJsonValue(text, ['schema', 'required', index], undefined) : required ? appendJsonItem(text, ['schema', 'required'], edit.field) : setJsonValue(text, ['schema', 'required'], [edit.field]);
    return { file, before: text, after, label };
  }
  if (!LIMITS.has(edit.rule)) throw new PanelError(`${String(edit.rule)} is not a rule the studio edits (required, minLength, maxLength, minimum, maximum)`);
  if (edit.value !== null && (typeof edit.value !== 'number' || !Number.isFinite(edit.value))) throw new PanelError(`the ${RULE_WORDS[edit.rule]} is a number, or none`);
  if (edit.value !== null && edit.rule.endsWith('Length') && (!Number.isInteger(edit.value) || edit.value < 0)) throw new PanelError(`the ${RULE_WORDS[edit.rule]} is a whole number of characters, 0 or more`);
  return { file, before: text, after: setJsonValue(text, ['schema', 'properties', edit.field, edit.rule], edit.value ?? undefined), label };
}

function buttonEvent(country: string, edit: Extract<StudioEdit, { kind: 'buttonEvent' }>): EditedText {
  const { file, text, value } = stepFile(country, edit.step);
  const button = at(value, ['buttons', edit.button]) as { label?: string; event?: string } | undefined;
  if (!Number.isInteger(edit.button) || !button) throw new PanelError(`${edit.step} has no button ${String(edit.button)}`);
  if (typeof edit.event !== 'string' || edit.event === '') throw new PanelError('which event? a button sends one, like "step.submit"');
  return { file, before: text, after: setJsonValue(text, ['buttons', edit.button, 'event'], edit.event), label: `${edit.step} button "${button.label ?? edit.button}" sends ${edit.event} (was ${button.event ?? 'none'})` };
}

function journey(country: string): { file: string; text: string; config: JourneyConfig } {
  const file = paths(country).journey;
  const text = readFileSync(file, 'utf8');
  return { file, text, config: parse(text, file) as JourneyConfig };
}

function target(country: string, edit: Extract<StudioEdit, { kind: 'target' }>): EditedText {
  const { file, text, config } = journey(country);
  const found = buildJourneyGraph(config).edges.flatMap((e) => e.targets.map((t) => ({ edge: e, target: t }))).find((t) => t.target.pointer === edit.pointer);
  if (!found) throw new PanelError(`${edit.pointer} is not a transition's target in ${country}'s journey`);
  if (typeof edit.target !== 'string' || edit.target.trim() === '') throw new PanelError(`which state? a target names one, like a sibling's key or "#${config.id}.signedIn.home"`);
  const label = `${found.edge.source.key} ${found.edge.label}: ${found.target.text} → ${edit.target}`;
  return { file, before: text, after: setJsonValue(text, pathIn(config, edit.pointer), edit.target), label };
}

function move(country: string, edit: Extract<StudioEdit, { kind: 'move' }>): EditedText {
  const { file, text, config } = journey(country);
  const node = buildJourneyGraph(config).byId.get(edit.state);
  if (!node?.parent) throw new PanelError(`${edit.state} is not a state that can move (the full id, like "${config.id}.signedIn.home")`);
  if (edit.direction !== 'up' && edit.direction !== 'down') throw new PanelError('a state moves up or down');
  const states = [...pathIn(config, node.parent.pointer), 'states'];
  try {
    return { file, before: text, after: moveJsonProperty(text, states, node.key, edit.direction === 'up' ? -1 : 1), label: `${node.key} moved ${edit.direction}` };
  } catch (error) {
    throw new PanelError((error as Error).message);
  }
}

/** The file an edit changes and its text before and after it; refused when the edit names nothing in the files. */
export function editedText(country: string, edit: StudioEdit): EditedText {
  switch (edit?.kind) {
    case 'stepText':
      return stepText(country, edit);
    case 'fieldRule':
      return fieldRule(country, edit);
    case 'buttonEvent':
      return buttonEvent(country, edit);
    case 'target':
      return target(country, edit);
    case 'move':
      return move(country, edit);
    default:
      throw new PanelError('which edit? send { "kind": "stepText" | "fieldRule" | "target" | "buttonEvent" | "move", ... } (src/studio/editApi.ts)');
  }
}
