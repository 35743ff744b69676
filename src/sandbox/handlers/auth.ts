import { randomBytes } from 'node:crypto';
import { parseData } from '../database';
import { badRequest, type Handler } from '../handler';

interface SellerRow {
  pin: string;
  msisdn: string;
  poaSellerCode: string;
  firstName: string;
  lastName: string;
}

/**
 * Sign-in and the seller. The PIN arrives as `code` (PIN encryption comes with the security
 * issue; until then the sandbox also accepts it in clear).
 */
export const authHandlers: Record<string, Handler> = {
  accessToken: ({ db, body }) => {
    const seller = parseData<SellerRow>(db.prepare('select data from sellers where pin = ?').get(String(body.code ?? '')));
    if (!seller) return badRequest('PIN incorrecto', 'INVALID_PIN');
    const token = randomBytes(24).toString('base64url');
    db.prepare('insert into sessions (token, seller_pin, created_at) values (?, ?, ?)').run(token, seller.pin, Date.now());
    return { body: { poa_msisdn: seller.msisdn, uniqueIdentifier: `U-${seller.poaSellerCode}` }, session: { open: token } };
  },
  logout: ({ db, headers }) => {
    const token = /(?:^|;\s*)session=([^;]+)/.exec(headers.cookie ?? '')?.[1];
    if (token) db.prepare('delete from sessions where token = ?').run(token);
    return { body: { message: 'Sesión cerrada' }, session: { close: true } };
  },
  salesPersonDetails: ({ seller }) => ({
    body: { msisdn: seller?.msisdn, poaSellerCode: seller?.poaSellerCode, seller: { firstName: seller?.firstName, lastName: seller?.lastName } },
  }),
};
