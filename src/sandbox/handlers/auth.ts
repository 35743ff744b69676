import { randomBytes } from 'node:crypto';
import { parseData } from '../database';
import { badRequest, tooManyRequests, type Handler, type HandlerAnswer, type HandlerContext } from '../handler';
import { throttleMessage } from '../signInThrottle';

interface SellerRow {
  pin: string;
  msisdn: string;
  poaSellerCode: string;
  firstName: string;
  lastName: string;
}

/** A sealed PIN whose time is more than a day from the provider's: the phone's clock is wrong (or the PIN was captured). */
export const STALE_PIN_MESSAGE = 'No se pudo verificar el PIN: revisa la fecha y hora del teléfono e intenta de nuevo.';

/** The body fields that carry the seller's sealed PIN after sign-in (the spec's `Pin` schema). */
const PIN_FIELDS = new Set(['pin', 'vendPass', 'password']);

function pinValues(value: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const each of value) pinValues(each, found);
  else if (value && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) {
      if (PIN_FIELDS.has(name)) found.push(inner);
      else pinValues(inner, found);
    }
  }
  return found;
}

/**
 * A call that carries the seller's PIN in its body (`pin`, `vendPass`, `password`) is taken only
 * with the sealed PIN its own session signed in with: a sealed PIN copied from another session
 * (or another country) is refused as a wrong PIN. In test mode a value that is not a sealed PIN
 * (a PIN in clear, as test-mode sign-ins send) goes through, as before.
 */
export function refusedPinInBody({ pinKey, mode, session, body }: Pick<HandlerContext, 'pinKey' | 'mode' | 'session' | 'body'>): HandlerAnswer | undefined {
  for (const value of pinValues(body)) {
    if (session !== undefined && pinKey.isSessionsOwn(session, value)) continue;
    if (mode === 'test' && !pinKey.sealedWithThis(value)) continue;
    return badRequest('PIN incorrecto', 'INVALID_PIN');
  }
  return undefined;
}

/**
 * Sign-in and the seller. The PIN arrives as `code`, sealed with the country's key of
 * `publicKey` (RSA-OAEP, SHA-256, base64, of `{"pin", "nonce", "at"}`: docs/security.md, "A
 * sealed PIN good once").
 */
export const authHandlers: Record<string, Handler> = {
  publicKey: ({ pinKey, agreementKey }) => ({ body: { kid: pinKey.kid, key: pinKey.jwk, agreementKey: agreementKey.jwk } }),
  accessToken: ({ db, body, mode, pinKey, caller, signIns, now }) => {
    // A caller that failed too often waits, whatever PIN it sends now (signInThrottle.ts).
    const verdict = signIns.check(caller, now.getTime());
    if (!verdict.allowed) return tooManyRequests(throttleMessage(verdict.retryAfterMs, verdict.by), verdict.retryAfterMs);
    // The PIN comes sealed with the country's public key, with a nonce that opens once and the
    // client's time (pinKey.ts): a sealed PIN copied from an earlier sign-in opens nothing. In
    // test mode a PIN in clear is also taken, for the contract tests and tools that sign in
    // without WebCrypto; never in dev or production.
    const opened = pinKey.open(body.code, now.getTime());
    const pin = 'pin' in opened ? opened.pin : mode === 'test' && /^\d{4,8}$/.test(String(body.code)) ? String(body.code) : undefined;
    const seller = pin === undefined ? undefined : parseData<SellerRow>(db.prepare('select data from sellers where pin = ?').get(pin));
    if (!seller) {
      signIns.failed(caller, now.getTime());
      if ('refused' in opened && opened.refused === 'stale') return badRequest(STALE_PIN_MESSAGE, 'INVALID_PIN');
      return badRequest('PIN incorrecto', 'INVALID_PIN');
    }
    signIns.succeeded(caller, now.getTime());
    const token = randomBytes(24).toString('base64url');
    db.prepare('insert into sessions (token, seller_pin, created_at, last_seen_at) values (?, ?, ?, ?)').run(token, seller.pin, now.getTime(), now.getTime());
    // The session's later calls may carry this sealed PIN, and no other (refusedPinInBody).
    if ('pin' in opened) pinKey.keepForSession(token, String(body.code));
    return { body: { poa_msisdn: seller.msisdn, uniqueIdentifier: `U-${seller.poaSellerCode}` }, session: { open: token } };
  },
  logout: ({ db, headers }) => {
    const token = /(?:^|;\s*)(?:__Host-)?session=([^;]+)/.exec(headers.cookie ?? '')?.[1];
    if (token) db.prepare('delete from sessions where token = ?').run(token);
    // The browser forgets what this origin kept: cache, cookies, storage (the sealed sale).
    return { body: { message: 'Sesión cerrada' }, session: { close: true }, headers: { 'clear-site-data': '"cache", "cookies", "storage"' } };
  },
  // The session's last call is moved by the server for every private call; this one only answers.
  sessionKeepAlive: () => ({ body: { status: 'active' } }),
  salesPersonDetails: ({ seller }) => ({
    body: { msisdn: seller?.msisdn, poaSellerCode: seller?.poaSellerCode, seller: { firstName: seller?.firstName, lastName: seller?.lastName } },
  }),
  /**
   * The agent's credentials (designed: the spec does not itemize them), for the signed-in seller
   * and never with a secret: the seller code, a back-office user name made of the first name's
   * initial and the first surname (accents dropped) with the channel, the seller's channel (D2D
   * unless the seed says otherwise), and validity to the end of the day of `requestDate`, in the
   * provider's time.
   */
  agentCredentials: ({ db, seller, query, now, clock }) => {
    const stored = parseData<SellerRow & { channel?: string }>(db.prepare('select data from sellers where pin = ?').get(seller?.pin ?? ''));
    if (!seller || !stored) return badRequest('No autorizado', 'UNAUTHORIZED', 401);
    const channel = stored.channel ?? 'D2D';
    const plain = (text: string) => text.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();
    const userName = `${plain(seller.firstName).slice(0, 1)}${plain(seller.lastName.split(' ')[0] ?? '')}.${channel.toLowerCase()}`;
    const asked = Date.parse(String(query.requestDate));
    const moment = new Date(Number.isNaN(asked) ? now.getTime() : asked);
    return { body: { poaSellerCode: seller.poaSellerCode, userName, channel, validUntil: `${clock.day(moment)}T23:59:59${clock.offset(moment)}` } };
  },
};
