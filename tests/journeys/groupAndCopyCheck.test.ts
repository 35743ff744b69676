import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// journeys:check on issue 34's two step mechanisms, over the test pack that uses both
// (tests/fixtures/packs/zg): a repeatable group (`"ui:widget": "group"`) and a check box's
// `copies`, each mistake a product owner can make said at its line and column.

const root = resolve('.');
const PACK = 'tests/fixtures/packs/zg';
const STEP = 'schemas/steps/zg/zgContrato.json';
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The pack copied, its contract step edited (each `find` once), and journeys:check run on it. */
function checkEdited(edits: Array<[find: string, replace: string]>) {
  const dir = mkdtempSync(join(tmpdir(), 'group-copy-check-'));
  temps.push(dir);
  cpSync(PACK, dir, { recursive: true });
  let text = readFileSync(join(dir, STEP), 'utf8');
  for (const [find, replace] of edits) {
    expect(text.split(find).length - 1, `"${find}" occurs once`).toBe(1);
    text = text.replace(find, () => replace);
  }
  writeFileSync(join(dir, STEP), text);
  const result = spawnSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/journeysCheck.ts')], { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, COUNTRY: 'zg', COUNTRY_PACKS: '.' } });
  return { text, result };
}

/** Where `near` starts in the text (at `token` inside it), as the checker's `line:column`. */
function at(text: string, near: string, token = near): string {
  expect(text.split(near).length - 1, `"${near}" occurs once`).toBe(1);
  const before = text.slice(0, text.indexOf(near) + near.indexOf(token)).split('\n');
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}

describe('journeys:check on groups and copies', () => {
  it('takes the test pack as it is', () => {
    const { result } = checkEdited([]);
    expect(result.stderr).toContain('all sound');
    expect(result.status).toBe(0);
  });

  it('says a misspelt group option in the group\'s words, with the closest one', () => {
    const { text, result } = checkEdited([['"addLabel": "Agregar dirección"', '"addLable": "Agregar dirección"']]);
    expect(result.stdout.split('\n')).toEqual([
      `${STEP}:${at(text, '"addLable"')} /uiSchema/addresses/ui:options/addLable: "addLable" is not an option of the group widget; did you mean "addLabel"?`,
      '',
    ]);
    expect(result.status).toBe(1);
  });

  it('refuses a group on a field that is not a list of objects, and copies into fields the step lacks, into the box itself, into a yes/no, or from data the journey does not have', () => {
    const { text, result } = checkEdited([
      ['"billingNit": { "ui:inputType": "tel"', '"billingName": { "ui:widget": "group" },\n    "billingNit": { "ui:inputType": "tel"'],
      ['"billingNit": "/context/sale/client/cliNit"', '"billingNt": "/context/sale/client/cliNit", "useClient": "/context/sale/client/cliNit", "useInstallation": "/context/sale/client/cliNit"'],
      ['"city": "/context/sale/client/city"', '"city": "/context/sale/client/cty"'],
    ]);
    // A copy's problem is located at its value, as every value's.
    const value = (key: string) => at(text, `"${key}": "/context/sale/client/cliNit"`, '"/context');
    expect(result.stdout.split('\n').sort()).toEqual(
      [
        `${STEP}:${at(text, '"billingName": { "ui:widget": "group" }', '"group"')} /uiSchema/billingName/ui:widget: a group is drawn on a list of objects ("type": "array", "items": {"type": "object", ...}), but "billingName" is text`,
        `${STEP}:${value('billingNt')} /uiSchema/useClient/ui:options/copies/billingNt: the step has no field "billingNt"; did you mean "billingNit"?`,
        `${STEP}:${value('useClient')} /uiSchema/useClient/ui:options/copies/useClient: "useClient" would copy into itself: a copy fills other fields of the step`,
        `${STEP}:${value('useInstallation')} /uiSchema/useClient/ui:options/copies/useInstallation: a copy fills text or a number, but "useInstallation" is true or false`,
        `${STEP}:${at(text, '"city": "/context/sale/client/cty"', '"/context')} /uiSchema/useInstallation/ui:options/copies/city: the journey's data has no "cty" in /context/sale/client; did you mean "city"?`,
        '',
      ].sort(),
    );
    expect(result.status).toBe(1);
  });
});
