import type { FastifyRequest } from 'fastify';
import type { SandboxDb } from '../database';
import { badRequest, type Seller, type SessionOwner } from '../handler';
import { liveOwnerOf, sessionToken } from '../sessions';
import type { Operation } from '../../openapi/operations';
import type { ProviderContext, Refused } from './context';

/** Whether a private call serves a session of this owner (`x-owner`, decided for every route by provider.ts; agents when none). */
const serves = (operation: Operation, owner: SessionOwner): boolean => operation.owner === 'any' || (operation.owner ?? 'agent') === owner.kind;

/**
 * The session step: the session a call names and its live owner, an agent or a customer. A
 * private call without one, or whose session is another owner's than the call serves (a
 * customer's session asking for a seller's report), is refused (401, as a provider refuses what
 * the session may not reach); a session that ended (logout, idle, lifetime) also has its cookie
 * cleared: the 401 wipes it (spec section 8). A live session of the other owner keeps its cookie.
 */
export function sessionOfCall({ now, lifetime }: ProviderContext, db: SandboxDb, request: FastifyRequest, operation: Operation): { token?: string; seller?: Seller; owner?: SessionOwner } | Refused {
  const token = sessionToken(request);
  const owner = liveOwnerOf(db, token, now().getTime(), lifetime);
  if (operation.private && (!owner || !serves(operation, owner))) {
    return { refused: { ...badRequest('No autorizado', 'UNAUTHORIZED', 401), ...(token && !owner ? { session: { close: true as const } } : {}) } };
  }
  return { token, owner, seller: owner?.kind === 'agent' ? owner.seller : undefined };
}
