import { badRequest, internalError, type Handler } from '../handler';
import { findCustomer } from './customers';
import { registerUser } from './registration';

/** Agreement ids start where the spec's example does: `AG-3001`. */
const FIRST_AGREEMENT = 3000;

/**
 * The customer's agreement, after the reviewed ID (`people.json` customers, by the reviewed
 * document's type and number).
 *
 * documentEligibility: the register's word on the reviewed ID. A customer whose `register` says
 * `valid: false` is not valid, with its `reason` (the words the ID-not-valid screen shows); any
 * other document is valid. The call's names, birth date and gender are what the agent reviewed;
 * the sandbox's register keeps no names to compare them with.
 *
 * agreements: registers the contract data and references, answering `AG-<n>` (a 201), and the
 * customer as a user with the agreement's phone and e-mail (its `userId`: the one-time codes'
 * user; a phone or e-mail of another customer is refused as the registration refuses it). A customer
 * with `agreementRefused` is refused with those words, a 422 ErrorBody (the provider understood
 * the request and will not sign it); a `fault` customer fails (500).
 */
export const registerHandlers: Record<string, Handler> = {
  documentEligibility: ({ db, body, provider }) => {
    const customer = findCustomer(db, provider, String(body.documentType), body.documentNumber);
    if (customer?.fault) return internalError();
    if (customer?.register && !customer.register.valid) {
      return { body: { valid: false, reason: customer.register.reason ?? 'El documento no coincide con el registro nacional' } };
    }
    return { body: { valid: true } };
  },
  agreements: ({ db, body, seller, now, provider }) => {
    const customer = findCustomer(db, provider, String(body.documentType), body.documentNumber);
    if (customer?.fault) return internalError();
    if (customer?.agreementRefused) return badRequest(customer.agreementRefused, 'AGREEMENT_REFUSED', 422);
    // The agreement registers the customer as a user with the phone and e-mail the codes go to.
    const user = registerUser(db, provider, { documentType: body.documentType, documentNumber: body.documentNumber, cliTelephone: body.telephone, cliEmail: body.email }, seller?.poaSellerCode ?? '');
    if ('body' in user) return user;
    const result = db
      .prepare('insert into agreements (seller_code, data, created_at) values (?, ?, ?)')
      .run(seller?.poaSellerCode ?? '', JSON.stringify(body), now.getTime());
    return { status: 201, body: { agreementId: `AG-${FIRST_AGREEMENT + Number(result.lastInsertRowid)}`, userId: user.id } };
  },
};
