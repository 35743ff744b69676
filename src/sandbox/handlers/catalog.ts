import { parseData, type SandboxDb } from '../database';
import type { Handler, HandlerAnswer } from '../handler';
import { findNode } from './coverage';

/** An offer as `catalog.json` holds it: the spec's Offer plus the sandbox's own fields. */
export interface CatalogOffer {
  planId: string;
  name: string;
  type: string;
  offerType: string | { type: string };
  priceList: Array<{ value: number; taxAmount?: number }>;
  resourceList?: Array<{ type?: string; name?: string }>;
  prodCode?: string;
  commercialEnrichmentsList?: Array<{ descriptions?: Array<{ key: string; value: string }> }>;
  /** The networks that carry it (`10` FTTH, `2` HFC, `4` DTH). */
  nodeClasses: string[];
  /** An add-on (offerType `activation supplementary`). */
  addon: boolean;
  quantities?: Array<{ label: string; value: string }>;
  quantityType?: string;
}

/** The country's prices (its seed's catalog.json): their currency, and the VAT they include (SV: 13%). */
export function pricesOf(db: SandboxDb): { currency: string; vatRate: number } {
  return parseData<{ currency: string; vatRate: number }>(db.prepare("select data from settings where key = 'prices'").get()) ?? { currency: 'XXX', vatRate: 0 };
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** Every offer of the catalogue, in catalogue order (bundles, singles, add-ons). */
export function loadOffers(db: SandboxDb): CatalogOffer[] {
  return (db.prepare('select data from offers order by rowid').all() as Array<{ data: string }>).map((row) => parseData<CatalogOffer>(row) as CatalogOffer);
}

export function findOffer(db: SandboxDb, planId: unknown): CatalogOffer | undefined {
  return parseData<CatalogOffer>(db.prepare('select data from offers where plan_id = ?').get(String(planId ?? '')));
}

/** A catalogue offer as the products call answers it: each price with its VAT part. */
function asAnswer(offer: CatalogOffer, vatRate: number) {
  return {
    ...offer,
    priceList: offer.priceList.map((p) => ({ ...p, taxAmount: p.taxAmount ?? cents((p.value * vatRate) / (1 + vatRate)) })),
  };
}

/** An add-on as `catalog.json` `addons` holds it: sold with the plans it names (all when none), on the networks it names. */
interface CatalogAddon {
  addonId: string;
  name: string;
  price: number;
  planIds?: string[];
  nodeClasses: string[];
}

const quiet = (): HandlerAnswer => ({ status: 404, body: { error: { message: 'No se encontraron resultados' } } });

/**
 * What can be sold at an address (`catalog.json` → the `offers` and `activation_costs` tables).
 *
 * products: the offers whose `nodeClasses` include the node's class, add-ons included (they keep
 * `addon: true`, `offerType: 'activation supplementary'` and their `quantityType`). The class is
 * the node's own when the query's `node` is a known node, else the body's `nodeClass` (the
 * spec's required field). Where the spec is silent: every price carries `taxAmount`, its VAT part
 * (prices include VAT, at the rate of the seed's catalog.json), so the income check can send the
 * offer's taxes.
 *
 * activationCost: the sum, over the main offers of `productList`, of their installation charge
 * for `monthsContract` (add-ons have no installation charge and are skipped). Where the spec is
 * silent: a main offer with no charge for those months, an unknown planId, or a list with no
 * main offer has no cost information, the quiet 404 (the journey shows section 5's message). A
 * charge of 0 is a free installation, a 200.
 */
export const catalogHandlers: Record<string, Handler> = {
  /**
   * addons: the add-ons of `catalog.json` `addons` a plan can take at a node (its class among the
   * add-on's `nodeClasses`, the plan among its `planIds` when it names any), priced in the
   * catalogue's currency. An unknown node or plan has none: an empty list (the step is optional).
   */
  addons: ({ db, query }) => {
    const nodeClass = findNode(db, query.node)?.nodeClass;
    const planId = String(query.planId);
    const all = parseData<CatalogAddon[]>(db.prepare("select data from settings where key = 'addons'").get()) ?? [];
    // An unknown node or plan has no add-ons (asked once, not per add-on).
    if (nodeClass === undefined || !findOffer(db, planId)) return { body: { addons: [] } };
    const fits = (a: CatalogAddon) => a.nodeClasses.includes(nodeClass) && (a.planIds === undefined || a.planIds.includes(planId));
    const { currency } = pricesOf(db);
    return { body: { addons: all.filter(fits).map((a) => ({ code: a.addonId, name: a.name, price: a.price, currency })) } };
  },
  products: ({ db, query, body }) => {
    const nodeClass = findNode(db, query.node)?.nodeClass ?? String(body.nodeClass);
    const { vatRate } = pricesOf(db);
    return { body: loadOffers(db).filter((o) => o.nodeClasses.includes(nodeClass)).map((o) => asAnswer(o, vatRate)) };
  },
  activationCost: ({ db, body }) => {
    const months = Number(body.monthsContract);
    const planIds = (body.productList as Array<{ product: string }>).map((p) => p.product);
    const offers = planIds.map((id) => findOffer(db, id));
    if (offers.some((o) => o === undefined)) return quiet();
    const main = (offers as CatalogOffer[]).filter((o) => !o.addon);
    if (main.length === 0) return quiet();
    let total = 0;
    for (const offer of main) {
      const row = db.prepare('select cost from activation_costs where plan_id = ? and months = ?').get(offer.planId, months) as { cost: number } | undefined;
      if (!row) return quiet();
      total += row.cost;
    }
    return { body: { activationCost: cents(total), monthsContract: months, currency: pricesOf(db).currency } };
  },
};
