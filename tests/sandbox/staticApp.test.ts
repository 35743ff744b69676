import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { signedInject } from '../support/signedInject';

// `npm run sandbox` with a built app: the app's pages and the API from one origin.
const dir = mkdtempSync(join(tmpdir(), 'sandbox-dist-'));
let sandbox: Sandbox;
beforeAll(async () => {
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Venta D2D</title>');
  writeFileSync(join(dir, 'app.js'), 'console.log(1)');
  sandbox = await createSandbox({ db: ':memory:', mode: 'test', staticDir: dir });
});
afterAll(async () => {
  await sandbox.app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the sandbox serving the built app', () => {
  it('serves the app\'s files, and its index for the app\'s own routes', async () => {
    expect((await sandbox.app.inject({ url: '/app.js' })).body).toBe('console.log(1)');
    for (const url of ['/', '/inicio', encodeURI('/información-del-cliente')]) {
      const page = await sandbox.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Venta D2D</title>');
    }
  });

  it('keeps the API answering as the provider does', async () => {
    const missing = await sandbox.app.inject({ url: '/v1/telco/sv/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: [{ code: 'NOT_FOUND', message: 'No hay resultados' }] });
    expect((await signedInject(sandbox.app)({ url: '/v1/telco/sv/departments' })).statusCode).toBe(401);
  });

  it('serves a new build without a restart (a running sandbox kept the old index.html and missed the new files)', async () => {
    expect((await sandbox.app.inject({ url: '/' })).body).toContain('<title>Venta D2D</title>');
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Venta D2D 2</title><script src="/app-2.js"></script>');
    writeFileSync(join(dir, 'app-2.js'), 'console.log(2)');
    for (const url of ['/', '/inicio']) expect((await sandbox.app.inject({ url })).body).toContain('<title>Venta D2D 2</title>');
    const script = await sandbox.app.inject({ url: '/app-2.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log(2)');
  });
});
