import type { SandboxDb } from '../database';
import { badRequest, internalError, type Handler, type HandlerAnswer } from '../handler';
import { documentKey, documentProblem, type ProviderSettings } from '../providerSettings';
import { debtOf, findCustomer, type Customer } from './customers';
import { OPEN_STATUSES } from './orderLifecycle';

/** The customer a query's `documentType` and `documentNumber` name, or the 400 / fault answer instead. */
function customerOf(db: SandboxDb, provider: ProviderSettings, query: Record<string, unknown>): { customer: Customer | undefined } | HandlerAnswer {
  const type = String(query.documentType);
  const refused = documentProblem(provider, type, query.documentNumber);
  if (refused) return badRequest(refused.message, refused.code);
  const customer = findCustomer(db, provider, type, query.documentNumber);
  if (customer?.fault) return internalError();
  return { customer };
}

/** The open leads of a document (the sandbox's own orders), any seller's: an order is the provider's, not the seller's. */
function openLeads(db: SandboxDb, provider: ProviderSettings, type: string, number: unknown) {
  const key = documentKey(provider, type, number);
  const rows = db
    .prepare(`select id, status, data from leads where status in (${OPEN_STATUSES.map(() => '?').join(', ')}) order by created_at`)
    .all(...OPEN_STATUSES) as Array<{ id: string; status: string; data: string }>;
  return rows
    .map((row) => ({ row, lead: JSON.parse(row.data) as { createdAt?: string; cliDocument?: Array<{ cliDocumentType?: string; cliDocumentNum?: string }> } }))
    .filter(({ lead }) => (lead.cliDocument ?? []).some((d) => d.cliDocumentType === type && documentKey(provider, type, d.cliDocumentNum) === key))
    .map(({ row, lead }) => ({ orderId: row.id, status: row.status, ...(lead.createdAt ? { createdAt: lead.createdAt } : {}) }));
}

/**
 * A customer's standing with the provider, by document (`documentType` and `documentNumber` in
 * the query; `people.json` customers, numbers compared as `provider.json` says). A document the
 * provider does not know is a new client: no open order, no debt, no plan (a 200 each, not a 404:
 * the client check goes on). A customer with `fault` fails each call (500).
 *
 * activeTransactions: the customer's `openOrders`, then the sandbox's own leads for the document
 * still open (REQUESTED or TOMODIFY), any seller's: a customer sold to an hour ago cannot be
 * sold to again until that order is settled.
 *
 * debts: what the customer owes (the contracts' balances, or a record flagged `hasDebt`), in the
 * provider's currency.
 *
 * currentPlans: one plan per contract that has products, named by its products, with the
 * contract's address, its first product's plan and its node (when the seed gives them).
 */
export const accountsHandlers: Record<string, Handler> = {
  activeTransactions: ({ db, query, provider }) => {
    const found = customerOf(db, provider, query);
    if ('body' in found) return found;
    const seeded = found.customer?.openOrders ?? [];
    return { body: { transactions: [...seeded, ...openLeads(db, provider, String(query.documentType), query.documentNumber)] } };
  },
  debts: ({ db, query, provider }) => {
    const found = customerOf(db, provider, query);
    if ('body' in found) return found;
    const { hasDebt, debtAmount } = found.customer ? debtOf(found.customer) : { hasDebt: false, debtAmount: 0 };
    return { body: { hasDebt, amount: debtAmount, currency: provider.currency.code } };
  },
  currentPlans: ({ db, query, provider }) => {
    const found = customerOf(db, provider, query);
    if ('body' in found) return found;
    const plans = (found.customer?.contracts ?? [])
      .filter((c) => (c.products ?? []).length > 0)
      .map((c) => ({
        contractId: c.id,
        planName: (c.products ?? []).map((p) => p.name).join(' + '),
        // The first product's plan (its add-ons are that plan's), and the node, where the seed says.
        ...(c.products?.[0] ? { planId: c.products[0].planId } : {}),
        ...(c.node ? { node: c.node } : {}),
        ...(c.nodeClass ? { nodeClass: c.nodeClass } : {}),
        ...(c.address ? { address: c.address } : {}),
      }));
    return { body: { plans } };
  },
};
