import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interpretAnswer } from '../../src/api/apiError';
import type { OperationId } from '../../src/api/generated/sv/operations';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';

// Spec section 8 and 7.1, row by row: each answer provoked on a real sandbox by fault
// injection, and what the typed client makes of it.
let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
beforeAll(async () => {
  sandbox = await runningSandbox();
  const signed = await sandbox.signIn();
  expect(signed.ok).toBe(true);
});
afterAll(() => sandbox.close());

const withFault = (fault: string, operationId: OperationId = 'departments', delay?: number) => {
  const headers: Record<string, string> = { 'x-sandbox-fault': fault };
  if (delay !== undefined) headers['x-sandbox-fault-delay'] = String(delay);
  return sandbox.client({ headers, timeoutMs: 1_000 }).call(operationId);
};

describe('the error catalogue (spec section 8)', () => {
  it.each([
    ['400', 'Solicitud rechazada por el proveedor'],
    ['400-nested', 'El documento no coincide con el titular'],
    ['400-error', 'La dirección no es válida'],
    ['400-status', 'Producto no disponible en el nodo'],
    ['400-empty', 'Algo salió mal, por favor intente después de algún tiempo.'],
  ])('a 400 (%s) shows the provider\'s message where it puts it, else the generic one', async (fault, message) => {
    expect(await withFault(fault)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'http', status: 400, message }) });
  });

  it('a 401 says "No autorizado" and tells the shell to wipe the session', async () => {
    const before = sandbox.unauthorized.length;
    const outcome = await withFault('401');
    expect(outcome).toEqual({ ok: false, error: expect.objectContaining({ status: 401, message: 'No autorizado' }) });
    expect(sandbox.unauthorized.length).toBe(before + 1);
  });

  it('a 403 says the app has no access to the API', async () => {
    expect(await withFault('403')).toEqual({ ok: false, error: expect.objectContaining({ status: 403, message: 'El app no cuenta con acceso para utilizar el api' }) });
  });

  it('a 404 says "No hay resultados"', async () => {
    expect(await withFault('404')).toEqual({ ok: false, error: expect.objectContaining({ status: 404, message: 'No hay resultados' }) });
  });

  it('a 404 on schedule dates says there is no availability', async () => {
    expect(await withFault('404', 'scheduleDates')).toEqual({
      ok: false,
      error: expect.objectContaining({ status: 404, message: 'No hay disponibilidad en las fecha que estas solicitando, por favor validar fechas posteriores' }),
    });
  });

  it.each(['412', '500', '504'])('a %s says "Error de servidor interno", keeping the status for the journey', async (fault) => {
    expect(await withFault(fault)).toEqual({ ok: false, error: expect.objectContaining({ status: Number(fault), message: 'Error de servidor interno' }) });
  });

  it('a 503 is the provider in maintenance: "Error de servidor interno" to the journey, and the shell is told to show the maintenance step', async () => {
    const before = sandbox.maintenance.length;
    expect(await withFault('503')).toEqual({ ok: false, error: expect.objectContaining({ kind: 'maintenance', status: 503, message: 'Error de servidor interno' }) });
    expect(sandbox.maintenance.length).toBe(before + 1);
    const unauthorizedBefore = sandbox.unauthorized.length;
    await withFault('500');
    expect(sandbox.maintenance.length, 'a 500 is not maintenance').toBe(before + 1);
    expect(sandbox.unauthorized.length).toBe(unauthorizedBefore);
  });

  it('another status shows the body when it is text', async () => {
    expect(await withFault('text')).toEqual({ ok: false, error: expect.objectContaining({ status: 418, message: 'El proveedor está en mantenimiento' }) });
  });

  it('a body with a code field is an error with that code and message', async () => {
    expect(await withFault('code')).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'code', code: 'E-102', message: 'El servicio no está disponible para este cliente' }),
    });
  });

  it('an unreadable body is an error, never a crash', async () => {
    expect(await withFault('malformed')).toEqual({ ok: false, error: expect.objectContaining({ kind: 'network', message: 'Algo salió mal, por favor intente después de algún tiempo.' }) });
  });

  it('no answer in time is a timeout, a 504 to the journey', async () => {
    // The answer held 8 s against the client's 1 s: a machine loaded by the other test files
    // (2 cores, browsers building) once answered the call before its timer fired at a 3 s hold.
    expect(await withFault('timeout', 'departments', 8_000)).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'network', status: 504, message: 'Error de servidor interno' }),
    });
  });
});

describe('quiet answers (spec 7.1)', () => {
  it.each(['checkCoverage', 'coverage', 'activationCost', 'clientInfoValidateV2'] as const)('a 404 from %s is an empty result, not an error', async (operationId) => {
    expect(await withFault('404', operationId)).toEqual({ ok: true, data: null });
  });

  it('"No se encontro documentos para ese cliente" is not an error', () => {
    expect(interpretAnswer('clientInfoValidateV2', 400, { errors: [{ message: 'No se encontro documentos para ese cliente' }] })).toEqual({ ok: true, data: null });
    expect(interpretAnswer('clientInfoValidateV2', 200, { code: 'NF', message: 'No se encontro documentos para ese cliente' })).toEqual({ ok: true, data: null });
  });
});

describe("refusals in the provider's words", () => {
  it.each([409, 422])('a %i shows the words of errors[0].message, as a 400 does (was "Error de servidor interno")', (status) => {
    expect(interpretAnswer('anyOperation', status, { errors: [{ code: 'LEAD_SETTLED', message: 'La solicitud ya no se puede cancelar' }] })).toEqual({
      ok: false,
      error: { kind: 'http', status, message: 'La solicitud ya no se puede cancelar', operationId: 'anyOperation', code: 'LEAD_SETTLED' },
    });
  });
});

describe('the sandbox', () => {
  it('refuses a private call without the session cookie with the 401 shape', async () => {
    const response = await fetch(`${sandbox.address}/v1/telco/sv/departments`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errors: [{ code: 'UNAUTHORIZED', message: 'No autorizado' }] });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a request that breaks the spec with a 400 naming the field, not its value', async () => {
    const outcome = await sandbox.api.call('accessToken', { code: '2580' });
    expect(outcome).toEqual({ ok: false, error: expect.objectContaining({ status: 400, message: 'Por favor, valida la información' }) });
  });

  it('sets the session cookie HttpOnly and SameSite=Strict at sign-in', async () => {
    let cookie = '';
    const watching = Object.assign(
      async (input: RequestInfo | URL, init?: RequestInit) => {
        const response = await sandbox.fetch(input, init);
        cookie = response.headers.get('set-cookie') ?? cookie;
        return response;
      },
      { cookies: sandbox.fetch.cookies },
    );
    expect(await sandbox.client({ fetch: watching }).call('accessToken', { code: '2580', country: 'SV' })).toMatchObject({ ok: true });
    expect(cookie).toMatch(/^session=[\w-]+; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
  });
});
