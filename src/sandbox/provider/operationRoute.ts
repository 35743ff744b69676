import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { HandlerAnswer } from '../handler';
import { sendAnswer } from './answers';
import type { CountryProvider, EarlyChecks, OperationRoute, ProviderContext, Refused } from './context';
import { armedFault, askedFault, cutConnection, faultInsteadOfAnswer, sendFault } from './injectedFaults';
import { bodyLimitOf, refusedMediaType } from './limits';
import { runHandler } from './runHandler';
import { sessionOfCall } from './session';
import { finishSignature, openSignature, urlValues } from './signature';
import { validInput } from './validation';

/** A request's headers, the first value of each (as the signature covers them). */
const firstValues = (headers: FastifyRequest['headers']): Record<string, string | undefined> => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));

/**
 * The checks made before a byte of the body is read (a large body costs only its headers to
 * refuse): the fault asked for (a cut comes before anything else: nothing of the call is
 * recorded, not even its nonce), the body's type, the session, and the parts of the signature
 * that do not need the body.
 */
function checkBeforeBody(ctx: ProviderContext, country: CountryProvider, route: OperationRoute, request: FastifyRequest): EarlyChecks | Refused | 'cut' {
  const headers = firstValues(request.headers);
  const session = sessionOfCall(ctx, country.db, request, route.operation);
  const signature = 'refused' in session ? undefined : openSignature(ctx, country, route.operation, request, headers, session.token);
  // An armed fault is spent by a call of its operation whatever comes of it, except a copy refused
  // as stale: the device signs the same call again at once, in the provider's time (its clock
  // moved), and that copy is the call the tester armed the fault for.
  const stale = signature !== undefined && 'stale' in signature;
  const { fault, injected } = askedFault(ctx, request, headers) ?? (stale ? {} : armedFault(ctx, request, headers, route.faultKeys));
  if (injected?.cut === 'before') return 'cut';
  const wrongType = refusedMediaType(request, route.mediaType);
  if (wrongType) return { refused: wrongType };
  if ('refused' in session) return session;
  if (signature && 'refused' in signature) return signature;
  return { headers, ...session, opened: signature?.opened, fault, injected };
}

/**
 * The call answered, its early checks passed: the signature finished (its answer sealed from
 * then on), a fault's answer instead of the operation's, else its input opened and validated
 * and its handler run (a `lost-answer` fault cuts the connection after it).
 */
async function answerCall(ctx: ProviderContext, country: CountryProvider, route: OperationRoute, request: FastifyRequest, reply: FastifyReply, checks: EarlyChecks) {
  const send = (answer: HandlerAnswer) => sendAnswer(ctx, country.db, reply, answer);
  const signed = finishSignature(ctx, country.db, request, checks);
  if ('refused' in signed) return send(signed.refused);
  if (signed.call) ctx.sealing.sealFor(request, signed.call, checks.injected?.wrongState === true);
  const fault = faultInsteadOfAnswer(checks);
  if (fault) return sendFault(reply, fault);
  const url = urlValues(request, signed.call);
  if ('refused' in url) return send(url.refused);
  const input = await validInput(route.operation, route.validators, request, url, { contentType: checks.headers['content-type'], body: ctx.rawBody(request) });
  if ('refused' in input) return send(input.refused);
  const ran = await runHandler(ctx, country, route, request, checks, input);
  if ('refused' in ran) return send(ran.refused);
  if (checks.injected?.cut === 'after') return cutConnection(request, reply);
  return send(ran.answer);
}

/** The route of one operation of a country: its checks before the body, then its answer. */
export function operationRoute(ctx: ProviderContext, country: CountryProvider, route: OperationRoute, url: string): RouteOptions {
  const early = new WeakMap<FastifyRequest, EarlyChecks>();
  return {
    method: route.operation.method.toUpperCase() as 'GET',
    url,
    bodyLimit: bodyLimitOf(route.operation),
    onRequest: async (request, reply) => {
      const checks = checkBeforeBody(ctx, country, route, request);
      if (checks === 'cut') return cutConnection(request, reply);
      if ('refused' in checks) return sendAnswer(ctx, country.db, reply, checks.refused);
      early.set(request, checks);
    },
    handler: async (request, reply) => {
      const checks = early.get(request);
      // Never a call whose checks before its body did not run: its signature would go unchecked.
      if (!checks) throw new Error('a call reached its handler without its checks');
      return answerCall(ctx, country, route, request, reply, checks);
    },
  };
}
