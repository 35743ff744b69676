import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keyIdOf, openSession, sealSession, SESSION_FILE_FORMAT, SessionFileError } from '../../src/app/sessionSeal';
import { sessionFileName } from '../../src/app/sessionExport';
import { sessionExportKey } from '../../src/build/sessionExportKey';

// An exported session sealed for the support team (src/app/sessionSeal.ts): ECDH P-256 with an
// ephemeral key, HKDF-SHA-256, AES-256-GCM; only the private key opens it.
const testKey = (half: 'public' | 'private') => JSON.parse(readFileSync(`tests/fixtures/session-export/${half}.jwk`, 'utf8')) as JsonWebKey;
const header = { country: 'SV', exportedAt: '2025-03-14T09:30:05.000Z' };
/** What an agent typed in a sale: in the record, never in clear in the file. */
const personal = ['05129374-5', '051293745', '70001234', 'ana.perez@example.com', 'Ana', 'PEREZ', 'Luis Gómez', 'Calle Arce'];
const record = JSON.stringify({
  events: [
    { event: { type: 'step.submit', data: { documentType: 'DUI', documentNumber: '05129374-5' } }, from: 'sv.signedIn.sale.clientInfo', at: 0 },
    { event: { type: 'step.submit', data: { cliDUINumber: '051293745', name: 'Ana', surname: 'PEREZ', street: 'Calle Arce' } }, from: 'sv.signedIn.sale.idReview', at: 10 },
    { event: { type: 'step.submit', data: { email: 'ana.perez@example.com', phone: '70001234', refNameA: 'Luis Gómez' } }, from: 'sv.signedIn.sale.contract', at: 20 },
  ],
});

async function otherPair() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  return { publicJwk: await crypto.subtle.exportKey('jwk', pair.publicKey), privateJwk: await crypto.subtle.exportKey('jwk', pair.privateKey) };
}

describe('a sealed session file', () => {
  it('opens with the private key to exactly what was sealed', async () => {
    const file = await sealSession(record, testKey('public'), header);
    expect(file).toMatchObject({ format: SESSION_FILE_FORMAT, ...header, keyId: await keyIdOf(testKey('public')) });
    expect(await openSession(JSON.parse(JSON.stringify(file)), testKey('private'))).toBe(record);
  });

  it('holds nothing the agent typed in clear (document number, phone, e-mail, names, street)', async () => {
    const text = JSON.stringify(await sealSession(record, testKey('public'), header));
    for (const value of personal) expect(text).not.toContain(value);
    // Each file has its own ephemeral key: the same record seals differently every time.
    expect(JSON.stringify(await sealSession(record, testKey('public'), header))).not.toBe(text);
  });

  it('says clearly when the key is not the one it was sealed for, or not a private key', async () => {
    const file = await sealSession(record, testKey('public'), header);
    const { privateJwk } = await otherPair();
    await expect(openSession(file, privateJwk)).rejects.toThrow(SessionFileError);
    await expect(openSession(file, privateJwk)).rejects.toThrow(/sealed for the key .* not for the key given/);
    await expect(openSession(file, testKey('public'))).rejects.toThrow(/takes the private key/);
    await expect(openSession({ hello: 1 }, testKey('private'))).rejects.toThrow(/not a sealed session file/);
  });

  it('does not open once altered: its ciphertext, or its clear header (bound to it)', async () => {
    const file = await sealSession(record, testKey('public'), header);
    const flipped = file.ciphertext.slice(0, 40) + (file.ciphertext[40] === 'A' ? 'B' : 'A') + file.ciphertext.slice(41);
    await expect(openSession({ ...file, ciphertext: flipped }, testKey('private'))).rejects.toThrow(/altered/);
    await expect(openSession({ ...file, country: 'HN' }, testKey('private'))).rejects.toThrow(/altered/);
    // A key that pretends to be the recipient's (its id copied) still does not open it.
    const { privateJwk } = await otherPair();
    await expect(openSession({ ...file, keyId: await keyIdOf(privateJwk) }, privateJwk)).rejects.toThrow(/altered/);
  });

  it('is named by country and time only', () => {
    expect(sessionFileName('SV', new Date('2025-03-14T09:30:05.123Z'))).toBe('sesion-sv-20250314-093005.json');
  });
});

describe('the build’s session export key (VITE_SESSION_EXPORT_KEY)', () => {
  it('is the committed test key in the dev server and test builds when unset, none in other builds', () => {
    expect(JSON.parse(sessionExportKey(undefined, { testBuild: true }))).toEqual(testKey('public'));
    expect(sessionExportKey(undefined, { testBuild: false })).toBe('');
    expect(sessionExportKey('  ', { testBuild: false })).toBe('');
  });

  it('takes a public JWK, and refuses a private one or anything else in words', () => {
    expect(JSON.parse(sessionExportKey(JSON.stringify(testKey('public')), { testBuild: false }))).toEqual(testKey('public'));
    expect(() => sessionExportKey(JSON.stringify(testKey('private')), { testBuild: false })).toThrow(/private key/);
    expect(() => sessionExportKey('not json', { testBuild: false })).toThrow(/must be a JWK/);
    expect(() => sessionExportKey('{"kty":"RSA"}', { testBuild: false })).toThrow(/EC P-256 public key/);
  });
});
