import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const tsx = 'node_modules/.bin/tsx';
const run = (args: string[], input?: string) => spawnSync(tsx, args, { encoding: 'utf8', input, timeout: 60_000 });

describe('npm run journeys:paths', () => {
  it('lists the SV paths one per line by name, from the sign-in (the shell\'s /redirect only on its own paths), each ending at a terminal step', () => {
    const result = run(['scripts/journeysPaths.ts', 'sv']);
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      // `<end>/<state>.<event>.<target>`, what tells a branch from those alike in brackets: no number.
      expect(line).toMatch(/^[a-zA-Z]+\/[\w.]+(\[[^\]]+\]\.\w+)?: \/ --/);
      expect(line).toMatch(/ (\/deuda-pendiente|\/orden-exito|\/orden-fallida|\/orden-fallida-timeout)$/);
    }
    // An agent starts by signing in (70 of 71 paths started with app.redirect, which the app sends only at /redirect).
    expect(lines[0]).toMatch(/^[\w/.]+: \/ --step\.submit--> \(signingIn\) --done api\.accessToken-->/);
    expect(lines.filter((l) => l.includes('--app.redirect-->')).length).toBeLessThanOrEqual(2);
    expect(lines.some((l) => l.startsWith('orderSuccess/') && l.includes('--step.submit--> (signingIn)'))).toBe(true);
    expect(lines.some((l) => l.includes('--error api.activation--> /orden-fallida-timeout'))).toBe(true);
    expect(result.stderr).toMatch(/\d+ path\(s\) to 4 terminal step\(s\)\./);
  });

  it('gives the events with their data as JSON', () => {
    const result = run(['scripts/journeysPaths.ts', 'sv', '--json']);
    expect(result.status).toBe(0);
    const { paths, calls } = JSON.parse(result.stdout) as {
      paths: Array<{ end: { route: string }; steps: Array<{ event: { type: string } }> }>;
      calls: Array<{ by: string; operation: string; stateId?: string; step?: string; field?: string }>;
    };
    const first = paths[0];
    expect(first?.steps[0]?.event.type).toBeDefined();
    expect(paths.every((p) => ['/deuda-pendiente', '/orden-exito', '/orden-fallida', '/orden-fallida-timeout'].includes(p.end.route))).toBe(true);
    // Both roads to the provider: what the journey invokes, and what the steps' widgets call.
    expect(calls).toContainEqual(expect.objectContaining({ by: 'journey', operation: 'activation', stateId: 'sv.signedIn.sale.activating' }));
    expect(calls).toContainEqual(expect.objectContaining({ by: 'widget', operation: 'city', step: 'address', field: 'city' }));
    expect(calls).toContainEqual(expect.objectContaining({ by: 'widget', operation: 'rearIdRecognition', step: 'idRear' }));
    expect(calls).toContainEqual(expect.objectContaining({ by: 'widget', operation: 'coverageAreas', step: 'map' }));
  });

  it('says how to call it when the country is missing, and which file is missing', () => {
    expect(run(['scripts/journeysPaths.ts']).stderr).toContain('usage: npm run journeys:paths -- <country code>');
    const missing = run(['scripts/journeysPaths.ts', 'zz']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('journeys/zz.json: no such journey');
  });
});

describe('npm run journeys:walk', () => {
  it('walks from the PIN to home with the answers chosen', () => {
    const result = run(['scripts/journeyWalk.ts', 'sv'], '1\n1\n1\nq\n');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('== /\n');
    expect(result.stdout).toContain('The journey calls api.accessToken.');
    expect(result.stdout).toContain('== /inicio');
    expect(result.stdout).toContain('menu.newClient');
  });
});
