import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createApiActors } from '../../src/api/apiActors';
import type { ApiSession } from '../../src/api/apiSession';
import { operations } from '../../src/api/generated/sv/operations';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';

// The seller's PIN leaves the app only encrypted with the provider's public key (RSA-OAEP).
describe('the PIN on the wire', () => {
  it('is encrypted by the api layer and opened by the sandbox, which refuses it in clear outside test mode', async () => {
    const sandbox = await runningSandbox({ mode: 'dev' });
    try {
      const clear = await sandbox.signIn('2580');
      expect(clear).toEqual({ ok: false, error: expect.objectContaining({ message: 'PIN incorrecto' }) });

      const session: ApiSession = {};
      const sent: unknown[] = [];
      const actors = createApiActors(operations, async (operationId, input) => {
        if (operationId === 'accessToken') sent.push(input.code);
        return sandbox.api.call(operationId, input);
      }, session);
      const signIn = createActor(actors['api.accessToken'] as AnyActorLogic, { input: { code: '2580', country: 'SV' } }).start();
      await expect(toPromise(signIn)).resolves.toMatchObject({ poa_msisdn: expect.any(String) });
      expect(sent).toHaveLength(1);
      expect(String(sent[0])).toMatch(/^[A-Za-z0-9+/]{300,}={0,2}$/);
      expect(String(sent[0])).not.toContain('2580');
      // What later calls send (vendPass, password) is the sealed text, never the PIN.
      expect(session.sealedPin).toBe(sent[0]);

      const wrong = createActor(actors['api.accessToken'] as AnyActorLogic, { input: { code: '0000', country: 'SV' } }).start();
      await expect(toPromise(wrong)).rejects.toMatchObject({ message: 'PIN incorrecto' });
    } finally {
      await sandbox.close();
    }
  });
});
