import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { unescapeSegment } from '../pack/jsonPointer';
import { loadOperations, notFoundOf, OWNER_ROLES, SESSION_ROLES, SHARED_ROLES, SIGNING_ROLES } from './operations';
import { personalProperty } from './personalData';
import { operationPlaces, type OperationPlace } from './operationPlaces';
import { loadSpecFiles, OPENAPI_ROOT, specFileNames } from './specFiles';

/**
 * A problem in a spec file, placed like every problem `journeys:check` prints
 * (`file:line:column pointer: words`).
 */
export interface SpecProblem {
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
}

/** A country's API that cannot be used as it is: its problems, one per line. */
export class SpecError extends Error {
  constructor(readonly problems: SpecProblem[]) {
    super(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.pointer || '/'}: ${p.message}`).join('\n'));
  }
}

/** Line and column (1-based) of a JSON Pointer's value in a YAML file; the file's start when absent. */
export function locateInYaml(file: string, pointer: string): { line: number; column: number } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter });
  const keys = pointer.split('/').slice(1).map(unescapeSegment);
  const node = doc.getIn(keys, true) as YamlNode | undefined;
  const offset = node?.range?.[0];
  if (offset === undefined) return { line: 1, column: 1 };
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

/** A problem at an operation's place (its `operationId`, or the mark `place.pointer` names). */
export function placed(place: Pick<OperationPlace, 'file' | 'pointer'>, message: string): SpecProblem {
  return { file: place.file, ...locateInYaml(place.file, place.pointer), pointer: place.pointer, message };
}

/** YAML that does not parse, at the place of its first error in each file. */
function syntaxProblems(dir: string): SpecProblem[] {
  const problems: SpecProblem[] = [];
  for (const name of specFileNames(dir)) {
    const lineCounter = new LineCounter();
    const error = parseDocument(readFileSync(join(dir, name), 'utf8'), { lineCounter }).errors[0];
    if (!error) continue;
    const { line, col } = lineCounter.linePos(error.pos[0]);
    problems.push({ file: join(dir, name), line, column: col, pointer: '', message: `not valid YAML: ${error.message.split('\n')[0]}` });
  }
  return problems;
}

/** An operation id used a second time in the country: a journey's `api.<operationId>` would not say which call it means. */
function reusedIds(cc: string, places: OperationPlace[]): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const first = new Map<string, OperationPlace>();
  for (const place of places) {
    const before = first.get(place.operationId);
    if (!before) {
      first.set(place.operationId, place);
      continue;
    }
    const at = locateInYaml(before.file, before.pointer);
    problems.push(
      placed(place, `operation id "${place.operationId}" is used twice in country ${cc} (first for ${before.method.toUpperCase()} ${before.path} at ${before.file}:${at.line}:${at.column}): a journey's "api.${place.operationId}" must name one call; rename one of them`),
    );
  }
  return problems;
}

/** A role mark (`x-signing`, `x-session`) that is not one of its roles, or a role given to two calls. */
function roleProblems(cc: string, places: OperationPlace[], mark: 'x-signing' | 'x-session', roles: readonly string[]): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const taken = new Map<string, OperationPlace>();
  for (const place of places) {
    const value = mark === 'x-signing' ? place.signing : place.session;
    if (value === undefined) continue;
    const at = { ...place, pointer: place.pointer.replace(/operationId$/, mark) };
    if (typeof value !== 'string' || !roles.includes(value)) {
      problems.push(placed(at, `${mark} must be one of ${roles.map((r) => `"${r}"`).join(', ')}`));
    } else if (SHARED_ROLES.includes(value)) {
      continue; // any number of calls may be public, or open a customer's session
    } else if (taken.has(value)) {
      problems.push(placed(at, `${mark} "${value}" is already the role of "${taken.get(value)?.operationId}" in country ${cc}: one call has it`));
    } else taken.set(value, place);
  }
  return problems;
}

/** A mark's place: the operation's `x-…` key beside its `operationId`. */
const markAt = (place: OperationPlace, mark: string): OperationPlace => ({ ...place, pointer: place.pointer.replace(/operationId$/, mark) });

/**
 * The session marks that cannot be as written: an `x-owner` that is not one, a public call
 * (`x-signing: public`) or a session-opening one (`x-session: open`) with a session required
 * (`security`: both are called before any session), and a public call that opens a session (a
 * session's keys are agreed by a signed call; a public one is never signed).
 */
function sessionMarkProblems(places: OperationPlace[]): SpecProblem[] {
  const problems: SpecProblem[] = [];
  for (const place of places) {
    if (place.owner !== undefined && (typeof place.owner !== 'string' || !OWNER_ROLES.includes(place.owner))) {
      problems.push(placed(markAt(place, 'x-owner'), `x-owner must be one of ${OWNER_ROLES.map((r) => `"${r}"`).join(', ')}`));
    }
    const secured = Array.isArray(place.security) && place.security.length > 0;
    if (place.signing === 'public' && secured) problems.push(placed(markAt(place, 'x-signing'), 'a public call (x-signing: public) is made without a session: give it `security: []`'));
    if (place.session === 'open' && secured) problems.push(placed(markAt(place, 'x-session'), 'a call that opens a customer\'s session (x-session: open) is made before any session: give it `security: []`'));
    if (place.signing === 'public' && place.session === 'open') problems.push(placed(markAt(place, 'x-session'), 'a public call is never signed, so it cannot agree the keys of a session: x-session: open needs a signed call'));
  }
  return problems;
}

/**
 * A public call (`x-signing: public`) whose success answer (a 2xx) has a property named as a
 * person's data (src/openapi/personalData.ts), at any depth of its resolved schema: anyone can
 * make the call, so its answer must tell nothing of anyone. Placed at the answer in the spec.
 */
function publicAnswerProblems(dir: string, places: OperationPlace[]): SpecProblem[] {
  const publicIds = new Set(places.filter((p) => p.signing === 'public').map((p) => p.operationId));
  if (publicIds.size === 0) return [];
  const problems: SpecProblem[] = [];
  for (const op of loadOperations(dir).filter((each) => publicIds.has(each.operationId))) {
    const place = places.find((p) => p.operationId === op.operationId) as OperationPlace;
    for (const [status, { schema }] of Object.entries(op.responses).filter(([code]) => /^2/.test(code))) {
      const found = personalProperty(schema);
      if (!found) continue;
      const answer = markAt(place, `responses/${status}`);
      const at = locateInYaml(answer.file, answer.pointer).line > 1 ? answer : place;
      problems.push(placed(at, `a public call's answer holds no personal data, but its ${status} answer has "${found.name}" (schema${found.pointer}): anyone can make this call without a session; answer an opaque value (a ticket, an id) instead`));
    }
  }
  return problems;
}

/** An `x-not-found` that is not one. */
function notFoundProblems(places: OperationPlace[]): SpecProblem[] {
  return places
    .filter((place) => place.notFound !== undefined && notFoundOf(place.notFound) === undefined)
    .map((place) => placed({ ...place, pointer: place.pointer.replace(/operationId$/, 'x-not-found') }, 'x-not-found must be "quiet" or {"message": <the words the agent is shown>}'));
}

/**
 * What makes a country's API ambiguous, each placed in its spec file: an operation id used twice
 * in the country (a journey's `api.<operationId>` would not say which call it means), a
 * `x-signing` or `x-session` role that is not one, or given to two calls (but `public` and
 * `open`, which any number of calls may have), an `x-not-found` or `x-owner` that is not one, a
 * public or session-opening call that needs a session, a public call answering personal data. Ids are scoped per country: the same
 * id in two countries is no problem.
 */
export function countrySpecProblems(cc: string, root = OPENAPI_ROOT): SpecProblem[] {
  const dir = join(root, cc);
  if (!existsSync(dir)) return [];
  const unreadable = syntaxProblems(dir);
  if (unreadable.length > 0) return unreadable;
  const places = operationPlaces(dir, loadSpecFiles(dir));
  const problems = [
    ...reusedIds(cc, places),
    ...roleProblems(cc, places, 'x-signing', SIGNING_ROLES),
    ...notFoundProblems(places),
    ...roleProblems(cc, places, 'x-session', SESSION_ROLES),
    ...sessionMarkProblems(places),
    ...publicAnswerProblems(dir, places),
  ];
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
