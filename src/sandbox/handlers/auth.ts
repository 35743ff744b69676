import { randomBytes } from 'node:crypto';
import { parseData } from '../database';
import { badRequest, tooManyRequests, type Handler } from '../handler';
import { throttleMessage } from '../signInThrottle';

interface SellerRow {
  pin: string;
  msisdn: string;
  poaSellerCode: string;
  firstName: string;
  lastName: string;
}

/**
 * Sign-in and the seller. The PIN arrives as `code`, encrypted with the key of `publicKey`
 * (RSA-OAEP, SHA-256, base64: docs/security.md).
 */
export const authHandlers: Record<string, Handler> = {
  publicKey: ({ pinKey, agreementKey }) => ({ body: { kid: pinKey.kid, key: pinKey.jwk, agreementKey: agreementKey.jwk } }),
  accessToken: ({ db, body, mode, pinKey, caller, signIns, now }) => {
    // A caller that failed too often waits, whatever PIN it sends now (signInThrottle.ts).
    const verdict = signIns.check(caller, now.getTime());
    if (!verdict.allowed) return tooManyRequests(throttleMessage(verdict.retryAfterMs, verdict.by), verdict.retryAfterMs);
    // The PIN comes encrypted with the public key. In test mode a PIN in clear is also taken, for
    // the contract tests and tools that sign in without WebCrypto; never in dev or production.
    const pin = pinKey.open(body.code) ?? (mode === 'test' && /^\d{4,8}$/.test(String(body.code)) ? String(body.code) : undefined);
    const seller = pin === undefined ? undefined : parseData<SellerRow>(db.prepare('select data from sellers where pin = ?').get(pin));
    if (!seller) {
      signIns.failed(caller, now.getTime());
      return badRequest('PIN incorrecto', 'INVALID_PIN');
    }
    signIns.succeeded(caller, now.getTime());
    const token = randomBytes(24).toString('base64url');
    db.prepare('insert into sessions (token, seller_pin, created_at, last_seen_at) values (?, ?, ?, ?)').run(token, seller.pin, now.getTime(), now.getTime());
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
