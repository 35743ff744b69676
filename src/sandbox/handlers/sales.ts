import type { SandboxDb } from '../database';
import { notFound, type Handler } from '../handler';
import { loadOffers, type CatalogOffer } from './catalog';
import { findNode } from './coverage';
import type { ProviderClock } from '../providerClock';
import { money, type ProviderSettings } from '../providerSettings';
import { addDays } from './fieldServices';

/** The sales report's page when the caller names none, and the largest it answers (openapi: sales). */
const PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

/** A page number or size the request gave (the spec has checked it), or none. */
const wholeAtLeastOne = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined);

export interface LeadRow {
  id: string;
  status: string;
  data: string;
  created_at: number;
}

type Lead = Record<string, unknown> & { actNode?: Record<string, unknown>; actAddress?: { node?: { id?: string } } };

/** `created_at` is epoch milliseconds (seconds are accepted too), written in the provider's time. */
const createdAt = (clock: ProviderClock, value: number) => clock.dateTime(new Date(value < 1e12 ? value * 1000 : value));

/**
 * A stored lead as the provider answers it: the stored lead object, with the row's id and status
 * (the row is the truth: a status update touches the row), `createdAt` when the object has none,
 * and `actNode` completed from the `nodes` table (category and doubleWay), taken from the
 * address's node when the lead has no `actNode`.
 */
function asLead(db: SandboxDb, clock: ProviderClock, row: LeadRow): Lead {
  const lead = JSON.parse(row.data) as Lead;
  const nodeId = lead.actNode?.id ?? lead.actAddress?.node?.id;
  const node = nodeId === undefined ? undefined : findNode(db, nodeId);
  const actNode = node ? { category: node.nodeClass, doubleWay: node.doubleWay, ...lead.actNode, id: node.id } : lead.actNode;
  return { ...lead, id: row.id, status: row.status, createdAt: lead.createdAt ?? createdAt(clock, row.created_at), ...(actNode ? { actNode } : {}) };
}

const descriptionOf = (offer: CatalogOffer, key: string) =>
  offer.commercialEnrichmentsList?.flatMap((e) => e.descriptions ?? []).find((d) => d.key === key && d.value.trim() !== '')?.value;

const offerTypeOf = (offer: CatalogOffer) => (typeof offer.offerType === 'string' ? offer.offerType : offer.offerType.type);

/** The offers that carry a promotion: a discount (or other benefit) in `resourceList`, or a tactical offer. */
function promotions(db: SandboxDb, provider: ProviderSettings, today: string) {
  const validFrom = `${today.slice(0, 8)}01`;
  // The bulletin runs to the end of the month.
  const validTo = addDays(`${addDays(validFrom, 31).slice(0, 8)}01`, -1);
  return loadOffers(db)
    .filter((o) => (o.resourceList ?? []).some((r) => r.name) || offerTypeOf(o) === 'activation tactical')
    .map((offer) => {
      const benefits = (offer.resourceList ?? []).map((r) => r.name).filter((n): n is string => Boolean(n));
      const short = descriptionOf(offer, 'discount_short_description');
      const logo = descriptionOf(offer, 'logo');
      const price = offer.priceList[0]?.value;
      return {
        id: `PROMO-${validFrom.slice(0, 7)}-${offer.planId}`,
        title: short ? `${offer.name}: ${short}` : offer.name,
        description: [...benefits, ...(price === undefined ? [] : [`Precio regular ${money(provider, price)} al mes.`])].join('. ').replace(/\.\./g, '.'),
        validFrom,
        validTo,
        ...(logo ? { imageUrl: logo } : {}),
        planIds: [offer.planId],
      };
    });
}

/**
 * The seller's sales (`leads` table, written by the activation) and the offer bulletin.
 *
 * sales: one page of the signed-in seller's leads (`seller_code` is the seller's poaSellerCode),
 * newest first, with the seller's total (designed paging, openapi sales: `page` from 1, `pageSize`
 * 20 by default and at most 100; a page past the last has no leads). A page is read with
 * `limit`/`offset` over the `leads_by_seller` index, so a seller's 5,000th lead costs what
 * their first does (docs/performance.md). The body's `pin` is required by the spec but not
 * checked: the session already says who the seller is.
 *
 * salesDetail: one lead of the signed-in seller. A lead id of another seller, an unknown id, or a
 * `msisdn` that is not the signed-in seller's is the 404 'No hay resultados' (never another
 * seller's lead).
 *
 * promotionDetails (designed: the spec does not itemize promotions): one promotion per offer
 * with a benefit in its `resourceList` (discounts, free installation, a free decoder) or a
 * tactical offerType, valid for the current month, titled with the offer's
 * `discount_short_description`, its logo as the image. Promotions are the same for every seller;
 * an unknown seller code is the 404 'No hay resultados'.
 */
export const salesHandlers: Record<string, Handler> = {
  sales: ({ db, seller, clock, body }) => {
    const code = seller?.poaSellerCode ?? '';
    const page = wholeAtLeastOne(body.page) ?? 1;
    // The spec bounds it; a country's spec that does not still gets pages a phone can take.
    const pageSize = Math.min(wholeAtLeastOne(body.pageSize) ?? PAGE_SIZE, MAX_PAGE_SIZE);
    const { total } = db.prepare('select count(*) as total from leads where seller_code = ?').get(code) as { total: number };
    const rows = db
      .prepare('select id, status, data, created_at from leads where seller_code = ? order by created_at desc, rowid desc limit ? offset ?')
      .all(code, pageSize, (page - 1) * pageSize) as LeadRow[];
    return { body: { leads: rows.map((row) => asLead(db, clock, row)), page, pageSize, total } };
  },
  salesDetail: ({ db, params, seller, clock }) => {
    if (!seller || params.msisdn !== seller.msisdn) return notFound();
    const row = db.prepare('select id, status, data, created_at from leads where id = ? and seller_code = ?').get(params.id, seller.poaSellerCode) as LeadRow | undefined;
    return row ? { body: asLead(db, clock, row) } : notFound();
  },
  promotionDetails: ({ db, params, now, provider, clock }) => {
    const known = db.prepare('select 1 from sellers where code = ?').get(params.salesPersonCode);
    return known ? { body: promotions(db, provider, clock.day(now)) } : notFound();
  },
};
