import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ArmedFaults } from './armedFaults';
import type { SandboxDb } from './database';
import { faultAnswer } from './faults';
import { badRequest, invalid, type SandboxMode } from './handler';
import { liveOwnerOf, outboxOwner, sessionToken, type SessionLifetime } from './sessions';

export interface TesterToolsOptions {
  mode: SandboxMode;
  databases: Map<string, SandboxDb>;
  now: () => Date;
  lifetime: SessionLifetime;
  faults: ArmedFaults;
}

/**
 * Who uses a tool: everyone (test mode), or one live session and its owner in each country (a
 * seller's code, or a customer's lead as `lead:<id>`: outboxOwner).
 */
type ToolUser = { everyone: true } | { everyone: false; token: string; sellers: Map<string, string> };

/** A request's tool user: in dev mode its live session's, none without one. */
function toolUserOf(request: FastifyRequest, { mode, databases, now, lifetime }: TesterToolsOptions): ToolUser | undefined {
  if (mode === 'test') return { everyone: true };
  const token = sessionToken(request);
  if (!token) return undefined;
  // The session's owner in each country where it is live (a session belongs to one country's provider).
  const sellers = new Map<string, string>();
  for (const [cc, each] of databases) {
    const owner = outboxOwner(liveOwnerOf(each, token, now().getTime(), lifetime));
    if (owner) sellers.set(cc, owner);
  }
  return sellers.size > 0 ? { everyone: false, token, sellers } : undefined;
}

/** The messages the outbox shows a user: of one country or every country, to one recipient or all. */
function outboxMessages(databases: Map<string, SandboxDb>, user: ToolUser, to: string | undefined, country: string | undefined) {
  return [...databases]
    .filter(([cc]) => !country || cc === country.toLowerCase())
    .flatMap(([cc, each]) => {
      const seller = user.everyone ? null : user.sellers.get(cc);
      if (seller === undefined) return [];
      return each
        .prepare('select channel, recipient, message, created_at as createdAt from outbox where (@to is null or recipient = @to) and (@seller is null or seller_code = @seller) order by id')
        .all({ to: typeof to === 'string' && to !== '' ? to : null, seller }) as Array<{ createdAt: number }>;
    })
    .sort((a, b) => a.createdAt - b.createdAt);
}

/**
 * The tester's tools (docs/security.md, "Tester tools (issue 31)"), registered under their
 * prefix (`/__sandbox`) in a scope of their own whose onRequest hook is the one guard: it runs
 * for whatever request the router matched to a tool, so it judges the path the router routes
 * (decoded: `/%5F%5Fsandbox/outbox` is the outbox and meets the guard), never the raw URL's text.
 * In dev mode a tool wants a live signed-in session and answers for it alone: the outbox shows
 * the codes its seller's calls sent, a fault hits only its own calls. Test mode leaves them open
 * and shared (the tests' own process).
 */
export const testerTools: FastifyPluginAsync<TesterToolsOptions> = async (tools, options) => {
  const toolUsers = new WeakMap<FastifyRequest, ToolUser>();
  tools.addHook('onRequest', async (request, reply) => {
    const user = toolUserOf(request, options);
    if (!user) return reply.status(401).send(badRequest('No autorizado', 'UNAUTHORIZED', 401).body);
    toolUsers.set(request, user);
  });
  const userOf = (request: FastifyRequest) => {
    const user = toolUsers.get(request);
    // Never a tool whose guard did not run.
    if (!user) throw new Error('a tester tool reached without its guard');
    return user;
  };
  // `{ operationId, fault, times }`: the next `times` calls of that operation answer with the fault
  // (in dev mode, the next calls of the session that armed it). With `country`, only that
  // country's call: else the call of that name in every country.
  tools.post('/faults', async (request, reply) => {
    const user = userOf(request);
    const { operationId, fault, times, country } = (request.body ?? {}) as { operationId?: string; fault?: string; times?: number; country?: string };
    if (!operationId || !fault || !faultAnswer(fault, undefined)) return reply.status(400).send(invalid().body);
    const key = country ? `${country.toLowerCase()}:${operationId}` : operationId;
    options.faults.arm(user.everyone ? '' : user.token, key, fault, Math.max(1, Number(times ?? 1)));
    return { armed: { operationId, fault, times: Math.max(1, Number(times ?? 1)) } };
  });
  // What the "customer" received (OTP codes): a trainer or a test reads it here, of one
  // country (`country`) or of every country; in dev mode only what the caller's seller's calls sent.
  tools.get('/outbox', async (request) => {
    const { to, country } = request.query as { to?: string; country?: string };
    return { messages: outboxMessages(options.databases, userOf(request), to, country) };
  });
};
