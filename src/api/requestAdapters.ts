import { hashText } from '../engine/hashText';
import type { CallInput } from './callOperation';
import type { OperationId } from './generated/operations';

/**
 * What the api layer keeps for the session: the PIN as sent to the provider, encrypted with its
 * public key (see pinSealer), in memory only; the PIN itself is never kept (spec sections 3, 6).
 */
export interface ApiSession {
  sealedPin?: string;
}

type Data = Record<string, unknown>;
const obj = (value: unknown): Data => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Data) : {});
const present = <T>(list: T[]) => list.filter((v) => v !== undefined && v !== null && v !== '');

/** The offers chosen on the menu (the journey keeps them by planId). */
function chosenOffers(selection: unknown): Data[] {
  return Object.values(obj(selection)).map(obj);
}

/** The monthly price and taxes of the chosen offers, what the income check weighs. */
function offerAmounts(selection: unknown): { offerAmount: number; offerTaxesAmount: number } {
  let offerAmount = 0;
  let offerTaxesAmount = 0;
  for (const offer of chosenOffers(selection)) {
    const price = obj((offer.priceList as unknown[] | undefined)?.[0]);
    offerAmount += Number(price.value ?? 0);
    offerTaxesAmount += Number(price.taxAmount ?? 0);
  }
  return { offerAmount: Math.round(offerAmount * 100) / 100, offerTaxesAmount: Math.round(offerTaxesAmount * 100) / 100 };
}

/**
 * The activation order (spec section 7: order data, `ifMultichannel` 'S', the seller's PIN as
 * `vendPass`) built from what the journey gathered in `/context/sale`.
 */
export function activationOrder(sale: Data, seller: Data, pin: string | undefined): Data {
  const client = obj(sale.client);
  const review = obj(obj(sale.id).review);
  const front = obj(obj(sale.id).front);
  const contract = obj(sale.contract);
  const address = obj(sale.address);
  const visit = obj(obj(sale.schedule).visit);
  const checkout = obj(sale.checkout);
  const attachments = obj(obj(sale.id).attachments);
  const order: Data = {
    ifMultichannel: 'S',
    vendPass: pin ?? '',
    poaSellerCode: seller.poaSellerCode,
    cliFirstName: review.cliFirstName ?? front.name,
    cliFirstLastName: review.cliLastName ?? front.surname,
    cliBirthDate: review.cliDob,
    cliGender: review.cliGender,
    cliProfession: review.cliProfession,
    cliDocExpiry: review.cliDocExpiry,
    cliEmail: contract.email,
    cliContactPhoneList: present([contract.phone, contract.secondaryPhone]),
    cliReference: [
      { refName: contract.refNameA, refPhone: contract.refPhoneA },
      { refName: contract.refNameB, refPhone: contract.refPhoneB },
    ].filter((r) => r.refName),
    cliDocument: [{ cliDocumentType: client.documentType, cliDocumentNum: client.documentNumber }],
    actAddress: { ...address, email: contract.email, telephone: contract.phone },
    actNode: { id: obj(sale.coverage).node },
    productList: Object.keys(obj(sale.selection)).map((product) => ({ product })),
    monthsContract: Number(checkout.monthsContract ?? 0),
    activationCost: checkout.activationCost ?? undefined,
    cliInstallationDate: visit.installationDate,
    installationTime: visit.time,
    actComments: visit.actComments,
    actAttachment: Object.entries(attachments).map(([label, location]) => ({ action: 'A', label, location })),
    modifyLeadId: obj(sale.order).modifyLeadId,
  };
  return Object.fromEntries(Object.entries(order).filter(([, v]) => v !== undefined && v !== null));
}

/**
 * From what a journey gives a call to what the provider's spec asks for: the PIN kept for the
 * session where a call needs it, the request date, the offers' amounts, the order body. The
 * journey stays data about the sale; the wire format lives here.
 */
export function adaptInput(operationId: OperationId, input: Data, session: ApiSession): CallInput {
  const now = new Date().toISOString();
  switch (operationId) {
    case 'salesPersonDetails':
      return { ...input, password: session.sealedPin ?? '' };
    case 'sales':
    case 'salesDetail':
      return { ...input, pin: session.sealedPin ?? '' };
    case 'agentCredentials':
    case 'clientInfoValidateV2':
      return { requestDate: now, ...input };
    case 'activationCost': {
      const offers = chosenOffers(input.productList);
      return {
        ...input,
        pin: session.sealedPin ?? '',
        productType: offers[0]?.type ?? 'Bundle',
        productList: Object.keys(obj(input.productList)).map((product) => ({ product })),
      };
    }
    case 'incomeValidate': {
      const { selection, activationCost: _cost, ...rest } = input;
      void _cost;
      return { requestDate: now, ...rest, ...offerAmounts(selection) };
    }
    case 'users': {
      const client = obj(input.client);
      const review = obj(input.review);
      const contract = obj(input.contract);
      return {
        documentType: client.documentType,
        documentNumber: client.documentNumber,
        cliFirstName: review.cliFirstName,
        cliLastName: review.cliLastName,
        cliDob: review.cliDob,
        cliGender: review.cliGender,
        cliProfession: review.cliProfession,
        cliEmail: contract.email,
        cliTelephone: contract.phone,
        cliTelephoneSecondary: contract.secondaryPhone,
      };
    }
    case 'activation': {
      const sale = obj(input.sale);
      const order = activationOrder(sale, obj(input.seller), session.sealedPin);
      // The sale's id is its order's key: however often the order is sent (a retry after a cut
      // connection, after a timeout), the provider creates it once. A sale without an id (a
      // journey that mints none) falls back to the order's content.
      const key = typeof sale.saleId === 'string' && sale.saleId !== '' ? sale.saleId : `order-${hashText(JSON.stringify(order))}`;
      return { 'Idempotency-Key': key, ...order };
    }
    default:
      return input;
  }
}
