import type { FastifyRequest } from 'fastify';
import type { SandboxDb } from '../database';
import { badRequest, invalid, type HandlerAnswer } from '../handler';
import { finishCall, openCall, openUrlValues, sessionKeys, type OpenedCall, type Refusal, type VerifiedCall } from '../signedCalls';
import type { Operation } from '../../openapi/operations';
import { SIGNED_HEADERS } from '../../api/signedCallProtocol';
import type { CountryProvider, EarlyChecks, ProviderContext, Refused } from './context';

/**
 * A signed call refused: a second copy of a request without ending the session (a browser
 * resends a request whose connection broke); anything else forged, altered or stale ends it.
 */
const refusedCall = (refused: Refusal): HandlerAnswer => (refused === 'NONCE_REPLAYED' ? badRequest('Solicitud repetida', refused, 409) : badRequest('No autorizado', refused, 401));

/** A call signed with new keys agreed from its `x-client-key`: the sign-in, and every call that opens a customer's session. */
export const agreesKeys = (operation: Operation): boolean => operation.signing === 'sign-in' || operation.session === 'open';

/** A call never signed: the one that publishes the keys, and every public one (its answer is not sealed either). */
const unsigned = (operation: Operation): boolean => operation.signing === 'publishes-keys' || operation.signing === 'public';

/**
 * The signature step's checks that need no body, before it is read. Every call but the one that
 * publishes the keys and the public ones is signed: the sign-in and the calls that open a
 * customer's session with the keys their client key agrees, the others with their session's
 * (spec section 7; docs/security.md).
 */
export function openSignature(ctx: ProviderContext, country: CountryProvider, operation: Operation, request: FastifyRequest, headers: EarlyChecks['headers'], token: string | undefined): { opened?: OpenedCall } | (Refused & { stale?: true }) {
  if (!country.signs || unsigned(operation)) return {};
  const clientKey = request.headers[SIGNED_HEADERS.clientKey];
  const keys = agreesKeys(operation) ? (typeof clientKey === 'string' ? ctx.agreementKey.agree(clientKey) : undefined) : sessionKeys.read(country.db, token);
  const checked = openCall(keys, headers, ctx.now().getTime());
  if ('refused' in checked) return { refused: refusedCall(checked.refused), ...(checked.refused === 'TIMESTAMP_STALE' ? { stale: true as const } : {}) };
  return { opened: checked };
}

/** The signature step's last checks, which need the body: its HMAC, then its nonce spent. */
export function finishSignature(ctx: ProviderContext, db: SandboxDb, request: FastifyRequest, { opened, headers }: EarlyChecks): { call?: VerifiedCall } | Refused {
  if (!opened) return {};
  const checked = finishCall(db, opened, { method: request.method, url: request.url, headers, body: ctx.rawBody(request) }, ctx.now().getTime());
  return 'refused' in checked ? { refused: refusedCall(checked.refused) } : { call: checked };
}

/** A call's path parameters and query values: those of a signed call travel sealed (no personal data in a URL), opened here. */
export function urlValues(request: FastifyRequest, call: VerifiedCall | undefined): { params: Record<string, string>; query: Record<string, unknown> } | Refused {
  const params = { ...(request.params as Record<string, string>) };
  const query = { ...(request.query as Record<string, unknown>) };
  if (!call) return { params, query };
  const opened = openUrlValues(call, params, query);
  return 'unopened' in opened ? { refused: invalid(opened.unopened) } : opened;
}
