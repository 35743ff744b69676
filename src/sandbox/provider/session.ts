import type { FastifyRequest } from 'fastify';
import type { SandboxDb } from '../database';
import { badRequest, type Seller } from '../handler';
import { liveSellerOf, sessionToken } from '../sessions';
import type { ProviderContext, Refused } from './context';

/**
 * The session step: the session a call names and its live seller. A private call without one is
 * refused (401); a session that ended (logout, idle, lifetime) also has its cookie cleared: the
 * 401 wipes it (spec section 8).
 */
export function sessionOfCall({ now, lifetime }: ProviderContext, db: SandboxDb, request: FastifyRequest, isPrivate: boolean): { token?: string; seller?: Seller } | Refused {
  const token = sessionToken(request);
  const seller = liveSellerOf(db, token, now().getTime(), lifetime);
  if (isPrivate && !seller) return { refused: { ...badRequest('No autorizado', 'UNAUTHORIZED', 401), ...(token ? { session: { close: true as const } } : {}) } };
  return { token, seller };
}
