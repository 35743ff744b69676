import type { FastifyReply } from 'fastify';
import type { SandboxDb } from '../database';
import type { HandlerAnswer } from '../handler';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, sessionToken } from '../sessions';
import { sessionKeys } from '../signedCalls';
import type { ProviderContext } from './context';

/**
 * An answer sent: its headers, the session it opens (the cookie set, the call keys agreed at
 * sign-in kept as the session's) or closes (the cookie cleared, the keys dropped), its status
 * and body.
 */
export function sendAnswer({ mode, sealing }: ProviderContext, db: SandboxDb, reply: FastifyReply, answer: HandlerAnswer): FastifyReply {
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  // Secure (and so `__Host-` prefixed) in production, which is served over https, or when
  // the app is reached over https at all.
  const secure = mode === 'production' || reply.request.protocol === 'https';
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const call = sealing.callOf(reply.request);
  if (answer.session && 'open' in answer.session) {
    reply.setCookie(name, answer.session.open, { httpOnly: true, sameSite: 'strict', path: '/', secure });
    // The keys agreed at sign-in are this session's from now on.
    if (call) sessionKeys.write(db, answer.session.open, call.keys);
  } else if (answer.session) {
    reply.clearCookie(name, { path: '/', secure });
    const token = sessionToken(reply.request);
    if (token) sessionKeys.remove(db, token);
  }
  return reply.status(answer.status ?? 200).send(answer.body);
}
