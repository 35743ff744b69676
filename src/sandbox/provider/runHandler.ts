import type { FastifyRequest } from 'fastify';
import { badRequest, type HandlerAnswer } from '../handler';
import { refusedPinInBody } from '../handlers/auth';
import type { CountryProvider, EarlyChecks, OperationRoute, ProviderContext, Refused } from './context';
import type { ValidInput } from './validation';

/**
 * The handler step: the operation's handler (shared by operationId, told the calling country)
 * run on the valid input, with the country's data and limits; 501 for an operation the sandbox
 * does not implement.
 */
export async function runHandler(ctx: ProviderContext, country: CountryProvider, route: OperationRoute, request: FastifyRequest, checks: EarlyChecks, input: ValidInput): Promise<{ answer: HandlerAnswer } | Refused> {
  const { handler, operation } = route;
  if (!handler) return { refused: badRequest(`${operation.operationId} no está disponible en el sandbox`, 'NOT_IMPLEMENTED', 501) };
  const { mode, agreementKey } = ctx;
  const { cc, db, pinKey, signIns, otp } = country;
  const { settings: provider, clock } = country.provider;
  const { headers, token, seller, owner } = checks;
  // A PIN in the body is the session's own sealed PIN or refused (handlers/auth.ts).
  const foreignPin = refusedPinInBody({ pinKey, mode, session: token, body: input.body });
  if (foreignPin) return { refused: foreignPin };
  const answer = await handler({ country: cc, db, mode, ...input, fileTypes: operation.body?.fileTypes, headers, seller, owner, now: ctx.now(), provider, clock, pinKey, agreementKey, caller: request.ip, signIns, session: token, otp });
  // Only a call its spec marks `x-session: open` opens a customer's session: a handler shared by
  // operation id cannot open one where the spec did not say so (the call would not have agreed keys).
  if (answer.session && 'customer' in answer.session && operation.session !== 'open') throw new Error(`${operation.operationId} opened a customer's session without x-session: open`);
  return { answer };
}
