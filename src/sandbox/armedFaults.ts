import type { FastifyRequest } from 'fastify';
import type { SandboxMode } from './handler';
import { sessionToken } from './sessions';

/**
 * Faults armed for the next calls of an operation (test and dev mode), for what cannot send the
 * fault header: the app in a browser, a trainer showing the failure screens. Keyed by
 * `<cc>:<operationId>`, or by the operationId alone for that call in every country, after the
 * session that armed them: in dev mode a fault hits only the calls of the session that armed it
 * (issue 31); in test mode every caller's (the tests' own process).
 */
export function armedFaults(mode: SandboxMode) {
  const armed = new Map<string, { fault: string; remaining: number }>();
  const armedFor = (scope: string, key: string) => `${scope}\n${key}`;
  /** Whose armed faults a call meets: its session's in dev mode (none without one), everyone's in test mode, none in production. */
  const scopeOf = (request: FastifyRequest): string | undefined => (mode === 'test' ? '' : mode === 'dev' ? sessionToken(request) || undefined : undefined);
  return {
    /** Arms `fault` for the next `times` calls of `key` made by the session `scope` ('': by anyone). */
    arm(scope: string, key: string, fault: string, times: number): void {
      armed.set(armedFor(scope, key), { fault, remaining: times });
    },
    /** The fault armed for a call of one of `keys`, spent by it (the provider has taken the call up: its session and signature passed). */
    spend(request: FastifyRequest, keys: string[]): string | undefined {
      const scope = scopeOf(request);
      const armedKey = scope === undefined ? undefined : keys.map((key) => armedFor(scope, key)).find((key) => armed.has(key));
      const next = armedKey === undefined ? undefined : armed.get(armedKey);
      if (next && armedKey !== undefined) {
        next.remaining -= 1;
        if (next.remaining <= 0) armed.delete(armedKey);
      }
      return next?.fault;
    },
  };
}

export type ArmedFaults = ReturnType<typeof armedFaults>;
