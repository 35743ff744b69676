import { constants, createPublicKey, publicEncrypt, randomBytes, type JsonWebKey as NodeJwk } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations as hnOperations } from '../../src/api/generated/hn/operations';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { sealedPin } from '../support/sealedPin';
import { signedHttpClient } from '../../src/tools/sandbox/signedHttpClient';

// Issue 31, finding 2, as the attacker did it, in dev mode (no PIN in clear): a sealed PIN copied
// off one sign-in opened new sessions with the attacker's own call keys, a sealed PIN of El
// Salvador opened Honduras (one RSA key), and a body's `pin`/`password`/`vendPass` took any
// seller's sealed PIN. Now a sealed PIN opens once, in its own country, and a session's calls
// carry only its own (docs/security.md, "A sealed PIN good once").
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox({ mode: 'dev' });
});
afterAll(async () => {
  await sandbox.close();
});

/** A client with its own cookies and call keys: another phone, the attacker's. */
const phone = () => signedHttpClient(sandbox.address);
const signInWith = (client: ReturnType<typeof phone>, code: string, country = 'SV') =>
  country === 'SV' ? client.api.call('accessToken', { code, country }) : client.countryClient(hnOperations).call('accessToken', { code, country });

describe('a sealed PIN good once (issue 31, finding 2)', () => {
  it('the sign-in code, replayed from another phone with its own keys, opens no session', async () => {
    const code = await sealedPin(sandbox.app, '2580');
    const seller = await signInWith(phone(), code);
    expect(seller.ok).toBe(true);
    // The attacker copied `code` off the wire and signs in with it, with its own keys.
    const attacker = phone();
    const replayed = await signInWith(attacker, code);
    expect(replayed).toEqual({ ok: false, error: expect.objectContaining({ status: 400, message: 'PIN incorrecto' }) });
    // Without a session, the seller's sales stay closed to it.
    expect((await attacker.api.call('salesPersonDetails', { password: code })).ok).toBe(false);
    // Again from the seller's own phone: once is once.
    expect((await signInWith(phone(), code)).ok).toBe(false);
  });

  it('the sign-in code, replayed on a sandbox started again in the same process (its key kept), opens no session', async () => {
    const code = await sealedPin(sandbox.app, '2580');
    expect((await signInWith(phone(), code)).ok).toBe(true);
    // Another sandbox of the process: the same key pair, and the nonce it spent with it.
    const again = await runningSandbox({ mode: 'dev' });
    try {
      const replayed = await signedHttpClient(again.address).api.call('accessToken', { code, country: 'SV' });
      expect(replayed).toEqual({ ok: false, error: expect.objectContaining({ status: 400, message: 'PIN incorrecto' }) });
      // A restart in a new process makes new keys: the old code is no PIN of theirs.
      const kid = async (app: typeof sandbox.app) => ((await app.inject({ url: '/v1/telco/sv/public-key' })).json() as { kid: string }).kid;
      const before = await kid(again.app);
      const restarted = await runningSandbox({ mode: 'dev', newKeys: true });
      try {
        expect(await signedHttpClient(restarted.address).api.call('accessToken', { code, country: 'SV' })).toMatchObject({ ok: false, error: { status: 400 } });
        expect(await kid(restarted.app)).not.toBe(before);
      } finally {
        await restarted.close();
      }
    } finally {
      await again.close();
    }
  });

  it('a code sealed for El Salvador opens nothing in Honduras (each country its own key)', async () => {
    const sv = await sealedPin(sandbox.app, '2580', 'sv');
    const hn = await sealedPin(sandbox.app, '2580', 'hn');
    const svKey = (await sandbox.app.inject({ url: '/v1/telco/sv/public-key' })).json() as { key: { n: string } };
    const hnKey = (await sandbox.app.inject({ url: '/v1/telco/hn/public-key' })).json() as { key: { n: string } };
    expect(hnKey.key.n).not.toBe(svKey.key.n);
    expect((await signInWith(phone(), sv, 'HN')).ok).toBe(false);
    // Honduras's own sealed PIN does open it.
    expect((await signInWith(phone(), hn, 'HN')).ok).toBe(true);
  });

  it("a body's PIN taken from another session is refused; the session's own is taken", async () => {
    const victimCode = await sealedPin(sandbox.app, '2580');
    expect((await signInWith(phone(), victimCode)).ok).toBe(true);
    // The attacker, a seller with its own PIN, signs in and sends the victim's sealed PIN.
    const attacker = phone();
    const ownCode = await sealedPin(sandbox.app, '135790');
    expect((await signInWith(attacker, ownCode)).ok).toBe(true);
    const foreign = await attacker.api.call('salesPersonDetails', { password: victimCode });
    expect(foreign).toEqual({ ok: false, error: expect.objectContaining({ status: 400, message: 'PIN incorrecto' }) });
    // A fresh sealing of the victim's PIN is not the session's either.
    expect((await attacker.api.call('salesPersonDetails', { password: await sealedPin(sandbox.app, '2580') })).ok).toBe(false);
    // The session's own sealed PIN (what the app keeps and sends) is taken.
    expect(await attacker.api.call('salesPersonDetails', { password: ownCode })).toMatchObject({ ok: true, data: { poaSellerCode: expect.any(String) } });
  });

  it('a sealed PIN made a day and more ago is refused with words for a wrong phone clock', async () => {
    const { key } = (await sandbox.app.inject({ url: '/v1/telco/sv/public-key' })).json() as { key: NodeJwk };
    const inside = JSON.stringify({ pin: '2580', nonce: randomBytes(16).toString('base64url'), at: Date.now() - 25 * 60 * 60_000 });
    const stale = publicEncrypt({ key: createPublicKey({ key, format: 'jwk' }), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(inside)).toString('base64');
    expect(await signInWith(phone(), stale)).toEqual({ ok: false, error: expect.objectContaining({ status: 400, message: 'No se pudo verificar el PIN: revisa la fecha y hora del teléfono e intenta de nuevo.' }) });
  });
});
