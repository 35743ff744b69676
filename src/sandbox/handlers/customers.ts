import { parseData, type SandboxDb } from '../database';
import { badRequest, internalError, notFound, type Handler } from '../handler';
import { documentKey, documentProblem, money, writtenDocument, type ProviderSettings } from '../providerSettings';
import { findOffer } from './catalog';
import { addDays } from './fieldServices';

/** A customer as `people.json` holds it. */
export interface Customer {
  documentType: string;
  documentNumber: string;
  firstName: string;
  lastName: string;
  hasDebt?: boolean;
  contracts?: Contract[];
  /** The provider fails on every call that reads this customer: a 500 (the seed writes `"fault": 500`). */
  fault?: number;
  /** Orders still open at the provider (beyond the leads the sandbox's own orders make). */
  openOrders?: Array<{ orderId: string; status: string; createdAt?: string }>;
  /** What the national register says of this document: not valid, and why. */
  register?: { valid: boolean; reason?: string };
  /** The provider refuses this customer's agreement, with these words. */
  agreementRefused?: string;
  /** The provider rejects this customer's activation, with these words. */
  activationRejected?: string;
  /**
   * With `activationRejected`: how many of the customer's orders are rejected (the first ones);
   * a later one is activated, as when the provider cleared what stopped it and the agent
   * confirmed again. Without it, every order is rejected.
   */
  activationRejectedOrders?: number;
  /** How long this customer's activation runs at the provider, in seconds (the provider's `activationSeconds` otherwise): one still processing when the app stops asking. */
  activationSeconds?: number;
}

interface Contract {
  id: string;
  products?: Array<{ planId: string; name: string; status?: string }>;
  balance?: number;
  /** Where the contract's services are installed. */
  address?: string;
  /** The network node that serves that address, and its class (a modification's offers and visit are the node's). */
  node?: string;
  nodeClass?: string;
}

export const NO_DOCUMENTS = 'No se encontro documentos para ese cliente';

/** The income must be at least this many times the offer's monthly amount with taxes. */
export const INCOME_MULTIPLE = 3;

const cents = (value: number) => Math.round(value * 100) / 100;

/** A customer by document, the number compared as the provider compares that type (`provider.json`). */
export function findCustomer(db: SandboxDb, provider: ProviderSettings, type: string, number: unknown): Customer | undefined {
  return parseData<Customer>(db.prepare('select data from customers where document_type = ? and document_number = ?').get(type, documentKey(provider, type, number)));
}

/** The customer holding a contract, and the contract. */
function findContract(db: SandboxDb, contractId: string): { customer: Customer; contract: Contract } | undefined {
  const row = db
    .prepare("select data from customers where exists (select 1 from json_each(customers.data, '$.contracts') c where json_extract(c.value, '$.id') = ?)")
    .get(contractId);
  const customer = parseData<Customer>(row);
  const contract = customer?.contracts?.find((c) => c.id === contractId);
  return customer && contract ? { customer, contract } : undefined;
}

/** What a customer owes: the sum of the contracts' balances; a debt is anything owed or a flagged record. */
export function debtOf(customer: Customer): { hasDebt: boolean; debtAmount: number } {
  const debtAmount = cents((customer.contracts ?? []).reduce((sum, c) => sum + Math.max(0, c.balance ?? 0), 0));
  return { hasDebt: debtAmount > 0 || customer.hasDebt === true, debtAmount };
}

/** A contract's status: suspended when any product is, else active (none when it has no products). */
const contractStatus = (contract: Contract) =>
  (contract.products ?? []).some((p) => p.status === 'suspended') ? 'suspended' : (contract.products ?? []).length > 0 ? 'active' : 'inactive';

/**
 * What the provider knows about a customer (`people.json` → the `customers` table).
 *
 * clientInfoValidateV2: the document is looked up by type and number (compared as the seed's
 * `provider.json` says for the type: a DUI by its digits, so it may carry its hyphen). Found: one individual with names and `customerAccountLists.hasDebt`
 * (true when the contracts' balances add up to more than 0, or the record says so) and the
 * `debtAmount`. Not found: the quiet 404 the seed README promises for a new client, carrying the
 * message 'No se encontro documentos para ese cliente' (spec 7.1: not an error either way). A
 * record with `fault: 500` fails with a 500 ErrorBody ('Error de servidor interno'). Where the
 * spec is silent: a number that fails its type's format rule (`provider.json`: a DUI whose check
 * digit is wrong) is a 400 with the type's message ('El DUI ingresado no es válido'), and
 * `code` must be the signed-in seller's code (else a 400): the spec sends the seller code to the
 * check.
 *
 * clientDetail: the client details of the number, of the provider's default document type
 * (`provider.json`), written back with the type's mask, and one account per contract (`ACC-` + the contract
 * number, status from its products); an unknown DUI is the 404 'No hay resultados', a `fault`
 * record the 500. `isNamesMatched` is true: the call carries no names to compare.
 *
 * clientSubscription: one product per product of the contract, with the catalogue's `prodCode`
 * and, for single-service offers, the service label (`INTERNET`, `TV DIGITAL`...).
 * clientSubscriptionBalance: the contract's balance; an amount owed is due on the 5th of the
 * current month (the provider's time), in the provider's currency. Unknown contract: 404 'No hay
 * resultados'.
 *
 * customerContact: stores the contact (table `customer_contacts`) and answers its id `CC-<n>`
 * and the time it was stored.
 *
 * incomeValidate: approved when `customerIncome` is at least 3 times the offer's monthly amount
 * with its taxes (`offerAmount + offerTaxesAmount`), else rejected with a Spanish message giving
 * the income needed. The spec does not show the rule ("validation of the income query values:
 * not shown"); three times the instalment is a common affordability rule for home services.
 */
export const customersHandlers: Record<string, Handler> = {
  clientInfoValidateV2: ({ db, query, seller, provider }) => {
    const type = String(query.identificationType);
    const refused = documentProblem(provider, type, query.identificationID);
    if (refused) return badRequest(refused.message, refused.code);
    if (seller && query.code !== seller.poaSellerCode) return badRequest('El código de vendedor no corresponde a la sesión', 'INVALID_SELLER');
    const customer = findCustomer(db, provider, type, query.identificationID);
    if (!customer) return { status: 404, body: { error: { message: NO_DOCUMENTS } } };
    if (customer.fault) return internalError();
    return {
      body: {
        individualsLists: [
          {
            identificationID: documentKey(provider, customer.documentType, customer.documentNumber),
            identificationType: customer.documentType,
            firstName: customer.firstName,
            lastName: customer.lastName,
            customerAccountLists: debtOf(customer),
          },
        ],
      },
    };
  },
  clientDetail: ({ db, params, provider }) => {
    const type = provider.defaultDocument ?? '';
    const customer = findCustomer(db, provider, type, params.id);
    if (!customer) return notFound();
    if (customer.fault) return internalError();
    return {
      body: {
        cliDocumentType: customer.documentType,
        cliDocumentNum: writtenDocument(provider, type, documentKey(provider, type, customer.documentNumber)),
        cliFirstName: customer.firstName,
        cliLastName: customer.lastName,
        isNamesMatched: true,
        hasDebt: debtOf(customer).hasDebt,
        accounts: (customer.contracts ?? []).map((c) => ({ accountId: `ACC-${c.id.replace(/^\D+-?/, '')}`, contractId: c.id, status: contractStatus(c) })),
      },
    };
  },
  clientSubscription: ({ db, params }) => {
    const found = findContract(db, params.id as string);
    if (!found) return notFound();
    if (found.customer.fault) return internalError();
    const products = (found.contract.products ?? []).map((p) => {
      const offer = findOffer(db, p.planId);
      const labels = [...new Set((offer?.quantities ?? []).map((q) => q.label))];
      return {
        prodCode: offer?.prodCode ?? p.planId,
        name: p.name,
        ...(labels.length === 1 ? { service: labels[0] } : {}),
        quantity: 1,
        ...(p.status ? { status: p.status } : {}),
      };
    });
    return { body: { contractId: found.contract.id, products } };
  },
  clientSubscriptionBalance: ({ db, params, now, provider, clock }) => {
    const found = findContract(db, params.id as string);
    if (!found) return notFound();
    if (found.customer.fault) return internalError();
    const balance = cents(found.contract.balance ?? 0);
    const dueDate = addDays(`${clock.day(now).slice(0, 8)}01`, 4);
    return { body: { contractId: found.contract.id, balance, currency: provider.currency.code, hasDebt: balance > 0, ...(balance > 0 ? { dueDate } : {}) } };
  },
  customerContact: ({ db, body, seller, now, clock }) => {
    const result = db
      .prepare('insert into customer_contacts (seller_code, data, created_at) values (?, ?, ?)')
      .run(seller?.poaSellerCode ?? '', JSON.stringify(body), now.getTime());
    return { body: { id: `CC-${String(result.lastInsertRowid)}`, createdAt: clock.dateTime(now) } };
  },
  incomeValidate: ({ query, provider }) => {
    const monthly = Number(query.offerAmount) + Number(query.offerTaxesAmount);
    const needed = cents(INCOME_MULTIPLE * monthly);
    if (Number(query.customerIncome) >= needed) return { body: { decision: 'approved' } };
    return {
      body: {
        decision: 'rejected',
        message: `El ingreso no alcanza para la oferta seleccionada: se requiere un ingreso mensual de al menos ${money(provider, needed)}`,
      },
    };
  },
};
