/**
 * An ID photo uploaded from a customer's session is that customer's lead's (issue 33): the
 * upload handlers shared with agents keep it under its session's owner, so another customer's
 * session (or an agent's) reading it by its name gets "no such upload", as another seller's does.
 * Before, a customer's session had no seller and every customer's uploads were kept under the
 * same empty seller code: any customer's session read another's ID by its file name.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/sandbox/database';
import type { HandlerAnswer, HandlerContext, SessionOwner } from '../../src/sandbox/handler';
import { activatorHandlers } from '../../src/sandbox/handlers/activator';
import { readProvider } from '../../src/sandbox/providerSettings';

const SEED = 'src/sandbox/seed/sv';
const db = openDatabase(':memory:', SEED, readProvider(SEED).settings);
const photo = readFileSync('tests/fixtures/ids/ana-perez-front.png');
const seller = { pin: '2580', msisdn: '70000001', poaSellerCode: 'SV-POA-001', firstName: 'Ana', lastName: 'Pérez' };

/** What a handler gets from the pipeline for a session of `owner` (only what the upload handlers read). */
const contextOf = (owner: SessionOwner, body: Record<string, unknown>, withFile: boolean) =>
  ({
    db,
    body,
    now: new Date(),
    owner,
    seller: owner.kind === 'agent' ? owner.seller : undefined,
    files: withFile ? [{ field: 'file', fileName: 'front.png', mimeType: 'image/png', data: photo }] : [],
  }) as unknown as HandlerContext;

const run = async (id: 'frontIdUpload' | 'idRecognition', owner: SessionOwner, body: Record<string, unknown>, withFile = false) => (await activatorHandlers[id]?.(contextOf(owner, body, withFile))) as HandlerAnswer;

describe("a customer's ID photo", () => {
  it("is read by its own lead's session only: another customer's, or an agent's, is told there is no such image", async () => {
    const ana: SessionOwner = { kind: 'customer', leadId: 'LC-aaaaaaaaaaaa' };
    const beto: SessionOwner = { kind: 'customer', leadId: 'LC-bbbbbbbbbbbb' };
    const uploaded = await run('frontIdUpload', ana, { region: 'SV' }, true);
    const fileName = (uploaded.body as { Payload: { fileName: string } }).Payload.fileName;
    expect((await run('idRecognition', ana, { fileName, region: 'SV' })).status ?? 200).toBe(200);
    for (const other of [beto, { kind: 'agent', seller } as const]) {
      const answer = await run('idRecognition', other, { fileName, region: 'SV' });
      expect(answer).toMatchObject({ status: 400, body: { errors: [{ code: 'FILE_NOT_FOUND' }] } });
      expect(JSON.stringify(answer.body)).not.toMatch(/id_number|first_name/i);
    }
  });
});
