import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditAnswer, EditorState, EditRefusal, StudioEdit } from '../../src/studio/editApi';
import { panelRoutes } from '../../src/studio/server/panelRoutes';
import { setJourneysDir, setStepsDir } from '../../src/studio/server/panels/packJourney';

// The studio's edits through its routes (src/studio/server/edits/), mounted on a plain HTTP server
// over copies of journeys/ and schemas/steps/: each edit checked before it is written, the rest of
// the file kept as written, undo and redo exact.
let root: string;
let server: Server;
let api: string;
let journey: string;
let idReview: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'studio-edits-'));
  cpSync('journeys', join(root, 'journeys'), { recursive: true });
  cpSync(join('schemas', 'steps'), join(root, 'steps'), { recursive: true });
  journey = join(root, 'journeys', 'sv.json');
  idReview = join(root, 'steps', 'sv', 'idReview.json');
  const routes = panelRoutes({ journeysDir: join(root, 'journeys'), stepsDir: join(root, 'steps') });
  server = createServer((req, res) => routes(req, res, () => ((res.statusCode = 404), res.end())));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__studio/api`;
});

afterAll(async () => {
  await new Promise((done) => server?.close(done));
  // The panels' folders are module state shared with other files of the worker.
  setJourneysDir(undefined);
  setStepsDir(undefined);
  rmSync(root, { recursive: true, force: true });
});

async function post<T>(route: string, body?: unknown): Promise<{ status: number; answer: T }> {
  const response = await fetch(`${api}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  return { status: response.status, answer: (await response.json()) as T };
}
const edit = (body: StudioEdit) => post<EditAnswer & EditRefusal>('/edit?country=sv', body);

/** The lines that differ between two texts of as many lines, as `-`/`+` pairs. */
function changedLines(before: string, after: string): string[] {
  const b = after.split('\n');
  return before.split('\n').flatMap((line, i) => (line === b[i] ? [] : [`-${line.trim()}`, `+${(b[i] ?? '').trim()}`]));
}

const RETRY = '/states/signedIn/states/sale/states/clientInfoFailed/on/step.retry';

describe("the studio's edits", () => {
  it('refuses a target that names no state, saying where and why, and leaves the file as it was', async () => {
    const before = readFileSync(journey, 'utf8');
    const { status, answer } = await edit({ kind: 'target', pointer: RETRY, target: 'nowhere' });
    expect(status).toBe(422);
    expect(answer.error).toMatch(/^Refused, nothing written/);
    expect(answer.problems).toEqual([expect.objectContaining({ file: expect.stringMatching(/journeys\/sv\.json$/), pointer: RETRY, message: 'unknown state "nowhere"', line: expect.any(Number) })]);
    expect(readFileSync(journey, 'utf8')).toBe(before);
    const history = (await (await fetch(`${api}/edit/history`)).json()) as { undo: unknown[] };
    expect(history.undo).toEqual([]);
  });

  it("refuses a step that nothing leads to any more (idReview's submit taken from its check)", async () => {
    const before = readFileSync(journey, 'utf8');
    const { status, answer } = await edit({ kind: 'target', pointer: '/states/signedIn/states/sale/states/idReview/on/step.submit/target', target: 'contract' });
    expect(status).toBe(422);
    expect(answer.problems?.map((p) => p.message)).toEqual(['unreachable state "duiValidating": no transition leads here']);
    expect(readFileSync(journey, 'utf8')).toBe(before);
  });

  it('writes a title, a maximum length and a target, each one line, then undoes and redoes them exactly', async () => {
    const journeyBefore = readFileSync(journey, 'utf8');
    const stepBefore = readFileSync(idReview, 'utf8');
    expect((await edit({ kind: 'stepText', step: 'idReview', pointer: '/title', value: 'Revisa el documento' })).status).toBe(200);
    expect((await edit({ kind: 'fieldRule', step: 'idReview', field: 'cliProfession', rule: 'maxLength', value: 60 })).status).toBe(200);
    const target = await edit({ kind: 'target', pointer: RETRY, target: 'address' });
    expect(target.status).toBe(200);
    expect(target.answer.history.undo.map((e) => e.label)).toEqual([
      'idReview /title: "Revisa los datos del documento" → "Revisa el documento"',
      'idReview cliProfession maximum length: 60',
      'clientInfoFailed step.retry: clientInfo → address',
    ]);
    const stepAfter = readFileSync(idReview, 'utf8');
    const journeyAfter = readFileSync(journey, 'utf8');
    expect(changedLines(stepBefore, stepAfter)).toEqual([
      '-"title": "Revisa los datos del documento",',
      '+"title": "Revisa el documento",',
      '-"cliProfession": { "type": "string", "title": "Profesión u oficio", "maxLength": 50 },',
      '+"cliProfession": { "type": "string", "title": "Profesión u oficio", "maxLength": 60 },',
    ]);
    expect(changedLines(journeyBefore, journeyAfter)).toEqual(['-"step.retry": "clientInfo",', '+"step.retry": "address",']);

    const undone = await post<EditAnswer>('/undo');
    expect(undone.status).toBe(200);
    expect(readFileSync(journey, 'utf8')).toBe(journeyBefore);
    expect(undone.answer.history.redo.map((e) => e.label)).toEqual(['clientInfoFailed step.retry: clientInfo → address']);
    expect((await post('/undo')).status).toBe(200);
    expect(readFileSync(idReview, 'utf8')).toBe(stepBefore.replace('"Revisa los datos del documento"', '"Revisa el documento"'));
    expect((await post('/redo')).status).toBe(200);
    expect((await post('/redo')).status).toBe(200);
    expect(readFileSync(idReview, 'utf8')).toBe(stepAfter);
    expect(readFileSync(journey, 'utf8')).toBe(journeyAfter);
    expect((await post<EditRefusal>('/redo')).answer.error).toBe('nothing to redo');
  });

  it('refuses to undo an edit whose file was saved in an editor since, and keeps that save', async () => {
    expect((await edit({ kind: 'stepText', step: 'idReview', pointer: '/buttons/0/label', value: 'Siguiente' })).status).toBe(200);
    const saved = readFileSync(idReview, 'utf8').replace('"Correo electrónico"', '"Correo"');
    writeFileSync(idReview, saved);
    const { status, answer } = await post<EditRefusal>('/undo');
    expect(status).toBe(409);
    expect(answer.error).toMatch(/idReview\.json changed on disk since the studio wrote "idReview \/buttons\/0\/label: .*" .* undo refused, nothing written/);
    expect(readFileSync(idReview, 'utf8')).toBe(saved);
  });

  it("turns a field's required off and on in its one-line list, and refuses it where the step's submit example lacks the field", async () => {
    const before = readFileSync(idReview, 'utf8');
    expect((await edit({ kind: 'fieldRule', step: 'idReview', field: 'cliProfession', rule: 'required', value: false })).status).toBe(200);
    expect(readFileSync(idReview, 'utf8')).toBe(before.replace(', "cliProfession"]', ']'));
    expect((await edit({ kind: 'fieldRule', step: 'idReview', field: 'cliProfession', rule: 'required', value: true })).status).toBe(200);
    expect(readFileSync(idReview, 'utf8')).toBe(before);
    const email = await edit({ kind: 'fieldRule', step: 'idReview', field: 'cliEmail', rule: 'required', value: true });
    expect(email.status).toBe(422);
    expect(email.answer.problems?.map((p) => p.message).join('\n')).toMatch(/cliEmail/);
    expect(readFileSync(idReview, 'utf8')).toBe(before);
  });

  it('moves a state among its siblings, each state as written, and shows the editor its new place', async () => {
    const before = readFileSync(journey, 'utf8');
    const state = async () => (await (await fetch(`${api}/edit/state?country=sv&state=sv.signedIn.sale.income`)).json()) as EditorState;
    const { index } = (await state()).position;
    expect((await edit({ kind: 'move', state: 'sv.signedIn.sale.income', direction: 'up' })).status).toBe(200);
    const after = readFileSync(journey, 'utf8');
    expect(after.length).toBe(before.length);
    expect(after).not.toBe(before);
    expect(Object.keys((JSON.parse(after) as { states: { signedIn: { states: { sale: { states: object } } } } }).states.signedIn.states.sale.states).indexOf('income')).toBe(index - 1);
    expect((await state()).position.index).toBe(index - 1);
    expect((await edit({ kind: 'move', state: 'sv.signedIn.sale.income', direction: 'down' })).status).toBe(200);
    expect(readFileSync(journey, 'utf8')).toBe(before);
  });

  it('refuses a button event no state handles and a text that is not one', async () => {
    const before = readFileSync(idReview, 'utf8');
    const event = await edit({ kind: 'buttonEvent', step: 'idReview', button: 0, event: 'step.nothing' });
    expect(event.status).toBe(422);
    expect(event.answer.problems?.[0]).toMatchObject({ pointer: '/buttons/0/event', message: 'the journey sv does not handle "step.nothing" on this step' });
    const text = await edit({ kind: 'stepText', step: 'idReview', pointer: '/schema/type', value: 'array' });
    expect(text.status).toBe(400);
    expect(text.answer.error).toMatch(/is not one of idReview's texts/);
    expect(readFileSync(idReview, 'utf8')).toBe(before);
  });

  it("lists the step's texts with their pointers and values, those it lacks too, leaving the title, fields' titles and buttons' labels to their own controls", async () => {
    const { step } = (await (await fetch(`${api}/edit/state?country=sv&state=sv.signedIn.sale.clientInfo`)).json()) as EditorState;
    expect(step?.texts.filter((t) => t.field === undefined)).toEqual([
      { pointer: '/description', value: 'Ingresa el documento de identidad del cliente', label: 'Step description', optional: true },
      { pointer: '/text/0', label: 'New paragraph', optional: true },
    ]);
    expect(step?.texts.filter((t) => t.field === 'documentNumber')).toEqual([
      { pointer: '/schema/properties/documentNumber/description', label: 'description', field: 'documentNumber', optional: true },
      { pointer: '/uiSchema/documentNumber/ui:help', value: 'DUI: 9 dígitos (00000000-0). Pasaporte o Carnet de Residente: hasta 30 caracteres.', label: 'help', field: 'documentNumber', optional: true },
      { pointer: '/uiSchema/documentNumber/ui:placeholder', value: '00000000-0', label: 'placeholder', field: 'documentNumber', optional: true },
    ]);
    expect(step?.texts.filter((t) => t.field === 'documentType').map((t) => [t.label, t.value])).toEqual([
      ['description', undefined],
      ['help', undefined],
      ['placeholder', undefined],
      ['option DUI', 'DUI'],
      ['option PASAPORTE', 'Pasaporte'],
      ['option CRES', 'Carnet de Residente'],
    ]);
    // A number field's messages are its texts too; the screen's own words are the step's.
    const income = (await (await fetch(`${api}/edit/state?country=sv&state=sv.signedIn.sale.income`)).json()) as EditorState;
    expect(income.step?.texts.filter((t) => t.pointer.startsWith('/messages/')).map((t) => [t.field, t.label, t.value])).toEqual([
      ['customerIncome', 'message exclusiveMinimum', 'El ingreso debe ser mayor a 0'],
      ['customerIncome', 'message type', 'El ingreso debe ser un número'],
    ]);
  });

  it("writes a step's description, a field's help and placeholder, and adds a help and a first paragraph where the file has none, each one line; an optional text saved empty is taken out", async () => {
    const file = join(root, 'steps', 'sv', 'clientInformation.json');
    const before = readFileSync(file, 'utf8');
    const texts: StudioEdit[] = [
      { kind: 'stepText', step: 'clientInformation', pointer: '/description', value: 'Ingresa el documento del cliente' },
      { kind: 'stepText', step: 'clientInformation', pointer: '/uiSchema/documentNumber/ui:help', value: 'DUI: 9 dígitos' },
      { kind: 'stepText', step: 'clientInformation', pointer: '/uiSchema/documentNumber/ui:placeholder', value: '12345678-9' },
      { kind: 'stepText', step: 'clientInformation', pointer: '/uiSchema/documentType/ui:help', value: 'Elige el documento que presenta el cliente' },
    ];
    for (const text of texts) expect((await edit(text)).status).toBe(200);
    const paragraph = await edit({ kind: 'stepText', step: 'clientInformation', pointer: '/text/0', value: 'Ten a mano el documento' });
    expect(paragraph.status).toBe(200);
    expect(paragraph.answer.history.undo.at(-1)?.label).toBe('clientInformation /text/0: "Ten a mano el documento" added');
    const after = readFileSync(file, 'utf8');
    expect(after.split('\n').filter((line) => !before.split('\n').includes(line)).map((line) => line.trim())).toEqual([
      '"description": "Ingresa el documento del cliente",',
      '"text": ["Ten a mano el documento"],',
      '"documentType": { "ui:widget": "select", "ui:help": "Elige el documento que presenta el cliente" },',
      '"ui:placeholder": "12345678-9",',
      '"ui:help": "DUI: 9 dígitos"',
    ]);
    expect(after.split('\n')).toHaveLength(before.split('\n').length + 1);

    // Emptied, the help goes with its comma, and the paragraph with the list it was alone in.
    expect((await edit({ kind: 'stepText', step: 'clientInformation', pointer: '/uiSchema/documentType/ui:help', value: '' })).status).toBe(200);
    expect((await edit({ kind: 'stepText', step: 'clientInformation', pointer: '/text/0', value: '' })).status).toBe(200);
    expect(readFileSync(file, 'utf8')).toBe(after.replace(', "ui:help": "Elige el documento que presenta el cliente"', '').replace('  "text": ["Ten a mano el documento"],\n', ''));
    for (let i = 0; i < texts.length + 3; i++) expect((await post('/undo')).status).toBe(200);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it("refuses a key that names data, not words, and a needed text emptied, the file as it was", async () => {
    const file = join(root, 'steps', 'sv', 'address.json');
    const before = readFileSync(file, 'utf8');
    const operation = await edit({ kind: 'stepText', step: 'address', pointer: '/uiSchema/city/ui:options/call/operation', value: 'ciudad' });
    expect(operation.status).toBe(400);
    expect(operation.answer.error).toMatch(/is not one of address's texts/);
    const title = await edit({ kind: 'stepText', step: 'address', pointer: '/title', value: '' });
    expect(title.status).toBe(422);
    expect(title.answer.problems?.map((p) => p.pointer)).toEqual(['/title']);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
