import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitInput } from '../../src/api/callOperation';
import { operations } from '../../src/api/generated/sv/operations';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';

// `onUploadProgress` is an instruction to the api layer, never something sent to the provider.
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox();
  await sandbox.signIn();
});
afterAll(() => sandbox.close());

describe('a call input with onUploadProgress', () => {
  it('keeps the callback and the files out of the fields of the form', () => {
    const blob = new Blob(['x'], { type: 'image/png' });
    const parts = splitInput(operations.frontIdUpload, { region: 'SV', files: [{ field: 'file', blob, name: 'a.png' }], onUploadProgress: () => undefined });
    expect(parts.body).toEqual({ region: 'SV' });
  });

  it('uploads through the configured fetch where there is no XMLHttpRequest (Node), its progress untold', async () => {
    const seen: number[] = [];
    const blob = new Blob([readFileSync('tests/fixtures/ids/ana-perez-front.png')], { type: 'image/png' });
    const outcome = await sandbox.api.call('frontIdUpload', { region: 'SV', files: [{ field: 'file', blob, name: 'dui.png' }], onUploadProgress: ({ loaded }) => seen.push(loaded) });
    expect(outcome).toMatchObject({ ok: true, data: { Payload: { fileName: expect.stringMatching(/\.png$/) } } });
    expect(seen).toEqual([]);
  });
});
