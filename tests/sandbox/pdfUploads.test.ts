/**
 * Issue 34: an upload whose operation's spec lists `application/pdf` in its `encoding.file.contentType`
 * takes a PDF as well as a photo; the sandbox judges the file by its first bytes (`%PDF-`), never
 * its name or declared type, so an HTML page named `.pdf` and sent as `application/pdf` is
 * refused, as is a PDF over the upload's limit. Real HTTP to a sandbox serving the test country
 * ZK (tests/fixtures/packs/zk), through the app's own signed client; and Honduras's upload, whose
 * spec takes photos only, still refuses a PDF.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTableOf } from '../../src/build/apiTypes';
import type { CallInput } from '../../src/api/callOperation';
import { loadCountryOperations } from '../../src/openapi/countryOperations';
import { countryApis } from '../../src/sandbox/countryApis';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { signedHttpClient } from '../../src/tools/sandbox/signedHttpClient';

const PACK = resolve('tests/fixtures/packs/zk');
const zk = countryApis(resolve(PACK, 'openapi'), resolve(PACK, 'seed')).find((country) => country.code === 'zk');
const hn = countryApis().find((country) => country.code === 'hn');
const pdf = readFileSync('tests/fixtures/documents/patente.pdf');
const page = readFileSync('tests/fixtures/documents/pagina.pdf');
const photo = readFileSync('tests/fixtures/ids/unreadable.png');

let sandbox: Sandbox;
let address: string;
let dir: string;

beforeAll(async () => {
  if (!zk || !hn) throw new Error('the test country zk and Honduras must be served');
  dir = mkdtempSync(join(tmpdir(), 'pdf-uploads-'));
  sandbox = await createSandbox({ db: join(dir, 'sandbox.db'), mode: 'test', countries: [zk, hn], country: 'zk' });
  address = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await sandbox.app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A seller of `cc` signed in through the app's signed client; its `upload` sends one file as the multipart `file`. */
async function signedIn(cc: 'zk' | 'hn', pin: string) {
  const failures: unknown[] = [];
  const client = signedHttpClient(address, { timeoutMs: 10_000, onCallFailed: ({ raw }) => failures.push(raw) }).countryClient(operationTableOf(loadCountryOperations(cc, cc === 'zk' ? resolve(PACK, 'openapi') : undefined)));
  expect((await client.call('publicKey', {})).ok).toBe(true);
  expect((await client.call('accessToken', { code: pin, country: cc.toUpperCase() })).ok).toBe(true);
  return {
    /** The provider's own answers to the failed calls (the app shows section 8's words for some statuses). */
    failures,
    upload: (bytes: Buffer, name: string, type: string) =>
      client.call('frontIdUpload', { region: cc.toUpperCase(), files: [{ field: 'file', blob: new Blob([new Uint8Array(bytes)], { type }), name }] } as CallInput),
  };
}

describe('a PDF upload where the spec takes one (zk: image/jpeg, image/png, application/pdf)', () => {
  it('is kept as a PDF and answered where it is', async () => {
    const seller = await signedIn('zk', '4321');
    const answer = await seller.upload(pdf, 'patente.pdf', 'application/pdf');
    expect(answer).toMatchObject({ ok: true, data: { Payload: { fileName: expect.stringMatching(/^upload-[\w-]+\.pdf$/), imageUrl: expect.stringMatching(/\.pdf$/) } } });
    // A photo still goes on the same operation.
    expect(await seller.upload(photo, 'patente.png', 'image/png')).toMatchObject({ ok: true, data: { Payload: { fileName: expect.stringMatching(/\.png$/) } } });
  });

  it('refuses an HTML page named .pdf and sent as application/pdf: its bytes are not a PDF', async () => {
    const seller = await signedIn('zk', '4321');
    const answer = await seller.upload(page, 'patente.pdf', 'application/pdf');
    expect(answer).toMatchObject({ ok: false, error: { status: 400, message: 'El archivo debe ser una imagen JPEG o PNG, o un PDF' } });
  });

  it('refuses a PDF over the upload limit (2 MB) with a 413 that names it', async () => {
    const seller = await signedIn('zk', '4321');
    // A PDF's signature and then padding: over 2 MB by a few bytes, within the body's framing allowance.
    const big = Buffer.concat([pdf, Buffer.alloc(2 * 1024 * 1024 - pdf.length + 10, 0x20)]);
    const answer = await seller.upload(big, 'grande.pdf', 'application/pdf');
    expect(answer).toMatchObject({ ok: false, error: { status: 413 } });
    expect(seller.failures.at(-1)).toEqual({ errors: [{ code: 'BODY_TOO_LARGE', message: 'La solicitud es demasiado grande: el máximo es 2048 KB' }] });
  });
});

describe("Honduras's upload, whose spec takes photos only (image/jpeg, image/png)", () => {
  it('refuses a real PDF, naming the photos it takes', async () => {
    const seller = await signedIn('hn', '2580');
    const answer = await seller.upload(pdf, 'patente.pdf', 'application/pdf');
    expect(answer).toMatchObject({ ok: false, error: { status: 400, message: 'El archivo debe ser una imagen JPEG o PNG' } });
    expect(await seller.upload(photo, 'frente.png', 'image/png')).toMatchObject({ ok: true });
  });
});
