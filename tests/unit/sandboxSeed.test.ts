import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Schedule } from '../../src/sandbox/handlers/fieldServices';
import { describe, expect, it } from 'vitest';
import { adult } from '../../src/validation/rules/adult';
import { parseDmy } from '../../src/validation/rules/dateDmy';
import { dui } from '../../src/validation/countries/sv';
import { editDistance } from '../../src/validation/editDistance';
import { email } from '../../src/validation/rules/email';

type Position = [number, number];
interface Place { id: string; name: string }
interface Geography { departments: Array<Place & { cities: Array<Place & { suburbs: Place[] }> }> }
interface CoverageNode { id: string; name: string; nodeClass: string; doubleWay: boolean; polygon: Position[] }
interface Coverage { nodes: CoverageNode[]; uncovered: Array<{ name: string; latitude: number; longitude: number }> }
interface Offer {
  planId: string;
  name: string;
  type: string;
  offerType: string | { type: string };
  priceList: Array<{ value: number }>;
  resourceList: Array<{ type: string; name: string }>;
  prodCode: string;
  commercialEnrichmentsList: Array<{ descriptions: Array<{ key: string; value: string }> }>;
  nodeClasses: string[];
  addon: boolean;
  quantities: Array<{ label: string; value: string }>;
  quantityType?: string;
}
interface Catalog { offers: Offer[]; activationCosts: Array<{ planId: string; months: number; cost: number }> }
interface IdCard {
  card: string;
  invalidDui?: boolean;
  front: { id_number: string; name: string; surname: string; dob: string; expiry_date: string; gender: string };
  rear: { id_number: string; profession: string; email: string; phone_number: string; alternative_phone_number: string };
}
interface People {
  sellers: Array<{ pin: string; msisdn: string; poaSellerCode: string; firstName: string; lastName: string; channel: string }>;
  customers: Array<{
    documentType: string;
    documentNumber: string;
    firstName: string;
    lastName: string;
    hasDebt: boolean;
    contracts: Array<{ id: string; products: unknown[]; balance: number }>;
    fault?: number;
  }>;
  eligibility: Array<{ dui: string; eligibility_result: string; eligibility_decisions: Array<{ description: string }> }>;
  idCards: IdCard[];
  emails: Array<{ email: string; status: string }>;
}

const dir = 'src/sandbox/seed/sv';
const read = (name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'));
const raw = {
  geography: read('geography.json'),
  coverage: read('coverage.json'),
  catalog: read('catalog.json'),
  people: read('people.json'),
  schedule: read('schedule.json'),
};
const geography = raw.geography as Geography;
const coverage = raw.coverage as Coverage;
const catalog = raw.catalog as Catalog;
const people = raw.people as People;
const schedule = raw.schedule as Schedule;
const readme = readFileSync(join(dir, 'README.md'), 'utf8');

/** The reference day of the seed (ages are counted on it). */
const seedDay = new Date(2026, 10, 22);
const MONTHS = [0, 3, 6, 12, 18, 24];
const DEFAULT_CENTRE = { latitude: 13.697366, longitude: -89.192282 };
/** README: a valid DUI that is no customer (the client check's quiet 404). */
const NOT_A_CUSTOMER = '05129374-5';
const digits = (value: string) => value.replace(/-/g, '');

/** Ray casting: whether a point is inside a closed ring of [longitude, latitude] positions. */
function inside(latitude: number, longitude: number, ring: Position[]): boolean {
  let isInside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Position;
    const [xj, yj] = ring[j] as Position;
    if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi) isInside = !isInside;
  }
  return isInside;
}
const nodesAt = (latitude: number, longitude: number) => coverage.nodes.filter((n) => inside(latitude, longitude, n.polygon));

// Shapes the sandbox reads (src/sandbox/database.ts and its handlers).
const str = { type: 'string', minLength: 1 };
const digitString = (min: number, max: number) => ({ type: 'string', pattern: `^\\d{${min},${max}}$` });
const dmy = { type: 'string', pattern: '^\\d{2}/\\d{2}/\\d{4}$' };
const isoDay = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
const object = (properties: Record<string, unknown>, optional: string[] = []) => ({
  type: 'object',
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
});
const list = (items: unknown, minItems = 1) => ({ type: 'array', minItems, items });
const place = (children?: Record<string, unknown>) => object({ id: digitString(2, 6), name: str, ...children });
const position = {
  type: 'array',
  prefixItems: [{ type: 'number' }, { type: 'number' }],
  minItems: 2,
  maxItems: 2,
};
const offerTypes = ['activation primary', 'activation supplementary', 'activation tactical'];
const schemas: Record<keyof typeof raw, unknown> = {
  geography: object({ departments: list(place({ cities: list(place({ suburbs: list(place()) })) })) }),
  coverage: object({
    nodes: list(object({ id: str, name: str, nodeClass: digitString(1, 2), doubleWay: { type: 'boolean' }, polygon: list(position) })),
    uncovered: list(object({ name: str, latitude: { type: 'number' }, longitude: { type: 'number' } })),
  }),
  catalog: object({
    offers: list(
      object(
        {
          planId: str,
          name: str,
          type: { enum: ['Bundle', 'Single tv', 'Single internet', 'Single fixed', 'Single DTH'] },
          offerType: { oneOf: [{ enum: offerTypes }, object({ type: { enum: offerTypes } })] },
          priceList: list(object({ value: { type: 'number', exclusiveMinimum: 0 } })),
          resourceList: list(object({ type: { const: 'discount' }, name: str }), 0),
          prodCode: str,
          commercialEnrichmentsList: list(object({ descriptions: list(object({ key: str, value: { type: 'string' } })) })),
          nodeClasses: list(digitString(1, 2)),
          addon: { type: 'boolean' },
          quantities: list(object({ label: { enum: ['TELEFONIA FIJA', 'TV DIGITAL', 'TV ANALOGA', 'INTERNET', 'TV SATELITAL'] }, value: str })),
          quantityType: { enum: ['CHARGE FIXED', 'RECURRENT FIXED'] },
        },
        ['quantityType'],
      ),
    ),
    activationCosts: list(object({ planId: str, months: { enum: MONTHS }, cost: { type: 'number', minimum: 0 } })),
  }),
  people: object({
    sellers: list(
      object({ pin: digitString(4, 8), msisdn: digitString(8, 8), poaSellerCode: str, firstName: str, lastName: str, channel: { const: 'D2D' } }),
    ),
    customers: list(
      object(
        {
          documentType: { const: 'DUI' },
          documentNumber: digitString(9, 9),
          firstName: str,
          lastName: str,
          hasDebt: { type: 'boolean' },
          contracts: list(object({ id: str, products: list({ type: 'object' }), balance: { type: 'number', minimum: 0 } }), 0),
          fault: { type: 'integer', minimum: 400, maximum: 599 },
        },
        ['fault'],
      ),
    ),
    eligibility: list(
      object({
        dui: digitString(9, 9),
        eligibility_result: { enum: ['accepted', 'rejected', 'review'] },
        eligibility_decisions: list(object({ description: str }), 0),
      }),
    ),
    idCards: list(
      object(
        {
          card: { type: 'string', pattern: '^[a-z]+(-[a-z]+)*$' },
          invalidDui: { type: 'boolean' },
          front: object({ id_number: str, name: str, surname: str, dob: dmy, expiry_date: dmy, gender: { enum: ['M', 'F'] } }),
          rear: object({
            id_number: str,
            profession: str,
            email: str,
            phone_number: digitString(8, 8),
            alternative_phone_number: { type: 'string', pattern: '^(\\d{8})?$' },
          }),
        },
        ['invalidDui'],
      ),
    ),
    emails: list(object({ email: str, status: { enum: ['passed', 'failed'] } })),
  }),
  schedule: object({
    timeSlots: list(object({ slot: { enum: ['AM', 'PM'] }, hour: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' } })),
    unavailable: list(object({ from: isoDay, to: isoDay, reason: str })),
    leadDays: { type: 'integer', minimum: 0 },
    horizonDays: { type: 'integer', minimum: 1 },
    weekdaysOnly: { type: 'boolean' },
  }),
};

describe('sandbox seed', () => {
  const ajv = new Ajv2020({ allErrors: true });

  it.each(Object.keys(schemas) as Array<keyof typeof raw>)('%s.json has the shape the sandbox reads', (name) => {
    const validate = ajv.compile(schemas[name] as object);
    expect(validate(raw[name]) ? [] : validate.errors).toEqual([]);
  });

  describe('geography', () => {
    const departments = geography.departments;
    const cities = departments.flatMap((d) => d.cities);
    const suburbs = cities.flatMap((c) => c.suburbs);

    it('holds the 14 departments of El Salvador, with unique ids in the official order', () => {
      expect(departments.map((d) => d.name)).toEqual([
        'Ahuachapán', 'Santa Ana', 'Sonsonate', 'Chalatenango', 'La Libertad', 'San Salvador', 'Cuscatlán',
        'La Paz', 'Cabañas', 'San Vicente', 'Usulután', 'San Miguel', 'Morazán', 'La Unión',
      ]);
      expect(departments.map((d) => d.id)).toEqual(Array.from({ length: 14 }, (_, i) => String(i + 1).padStart(2, '0')));
    });

    it('has ids that are unique and extend their parent’s', () => {
      const ids = [...departments, ...cities, ...suburbs].map((p) => p.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const d of departments) {
        for (const c of d.cities) {
          expect(c.id).toMatch(new RegExp(`^${d.id}\\d{2}$`));
          for (const s of c.suburbs) expect(s.id).toMatch(new RegExp(`^${c.id}\\d{2}$`));
        }
      }
    });

    it('has at least 3 municipalities per department (6 in the largest) and 3 suburbs per municipality', () => {
      const large = ['San Salvador', 'La Libertad', 'Santa Ana', 'San Miguel'];
      for (const d of departments) expect(d.cities.length, d.name).toBeGreaterThanOrEqual(large.includes(d.name) ? 6 : 3);
      for (const c of cities) expect(c.suburbs.length, c.name).toBeGreaterThanOrEqual(3);
      for (const c of cities) expect(new Set(c.suburbs.map((s) => s.name)).size, c.name).toBe(c.suburbs.length);
    });

    it('lists the well-known colonias of San Salvador', () => {
      const city = departments.find((d) => d.name === 'San Salvador')?.cities.find((c) => c.name === 'San Salvador');
      const names = city?.suburbs.map((s) => s.name) ?? [];
      for (const colonia of ['Escalón', 'San Benito', 'Flor Blanca', 'Miramonte', 'Centro Histórico']) {
        expect(names.some((n) => n.includes(colonia)), colonia).toBe(true);
      }
    });
  });

  describe('coverage', () => {
    it('has at least 10 nodes with unique ids and every network type: FTTH (10), DTH (4) and HFC (other)', () => {
      expect(coverage.nodes.length).toBeGreaterThanOrEqual(10);
      expect(new Set(coverage.nodes.map((n) => n.id)).size).toBe(coverage.nodes.length);
      const classes = coverage.nodes.map((n) => n.nodeClass);
      expect(classes).toContain('10');
      expect(classes).toContain('4');
      expect(classes.some((c) => c !== '10' && c !== '4')).toBe(true);
    });

    it.each(coverage.nodes.map((n) => [n.id, n] as const))('%s is a closed ring of 4 to 8 points inside El Salvador', (_, node) => {
      const ring = node.polygon;
      expect(ring.at(0)).toEqual(ring.at(-1));
      expect(ring.length - 1).toBeGreaterThanOrEqual(4);
      expect(ring.length - 1).toBeLessThanOrEqual(8);
      for (const [longitude, latitude] of ring) {
        expect(latitude).toBeGreaterThanOrEqual(13.1);
        expect(latitude).toBeLessThanOrEqual(14.5);
        expect(longitude).toBeGreaterThanOrEqual(-90.2);
        expect(longitude).toBeLessThanOrEqual(-87.6);
      }
    });

    it('covers the default map centre, so the demo has coverage at the first tap', () => {
      expect(nodesAt(DEFAULT_CENTRE.latitude, DEFAULT_CENTRE.longitude).map((n) => n.id)).toEqual(['N-SS-CEN-01']);
    });

    it.each([
      ['N-SS-CEN-01', 13.6989, -89.1914],
      ['N-SS-ESC-01', 13.705, -89.242],
      ['N-SS-SBN-01', 13.692, -89.241],
      ['N-LL-ACU-01', 13.673, -89.245],
      ['N-LL-STC-01', 13.675, -89.29],
      ['N-SS-SOY-01', 13.71, -89.14],
      ['N-SS-MEJ-01', 13.74, -89.213],
      ['N-SA-CEN-01', 13.994, -89.559],
      ['N-SM-CEN-01', 13.481, -88.177],
      ['N-SO-CEN-01', 13.719, -89.724],
      ['N-LL-PTO-01', 13.489, -89.322],
      ['N-CH-CEN-01', 14.033, -88.933],
    ])('%s covers its place (%f, %f), and only it does', (id, latitude, longitude) => {
      expect(nodesAt(latitude, longitude).map((n) => n.id)).toEqual([id]);
    });

    it('lists real places outside every polygon for the no-coverage branch', () => {
      expect(coverage.uncovered.length).toBeGreaterThanOrEqual(2);
      for (const place of coverage.uncovered) expect(nodesAt(place.latitude, place.longitude), place.name).toEqual([]);
    });
  });

  describe('catalog', () => {
    const offers = catalog.offers;
    const byType = (type: string) => offers.filter((o) => !o.addon && o.type === type);
    const sellable = offers.filter((o) => !o.addon);

    it('has unique plan ids and product codes', () => {
      expect(new Set(offers.map((o) => o.planId)).size).toBe(offers.length);
      expect(new Set(offers.map((o) => o.prodCode)).size).toBe(offers.length);
    });

    it('has at least 6 bundles, 6 singles of every kind and 5 add-ons of both quantity types', () => {
      expect(byType('Bundle').length).toBeGreaterThanOrEqual(6);
      const singles = ['Single tv', 'Single internet', 'Single fixed', 'Single DTH'];
      expect(sellable.filter((o) => singles.includes(o.type)).length).toBeGreaterThanOrEqual(6);
      for (const type of singles) expect(byType(type).length, type).toBeGreaterThanOrEqual(1);
      const addons = offers.filter((o) => o.addon);
      expect(addons.length).toBeGreaterThanOrEqual(5);
      expect(new Set(addons.map((o) => o.quantityType))).toEqual(new Set(['CHARGE FIXED', 'RECURRENT FIXED']));
      expect(sellable.filter((o) => o.quantityType !== undefined)).toEqual([]);
    });

    it('has double and triple play bundles', () => {
      const services = (o: Offer) => new Set(o.quantities.map((q) => q.label)).size;
      expect(byType('Bundle').some((o) => services(o) === 2)).toBe(true);
      expect(byType('Bundle').some((o) => services(o) === 3)).toBe(true);
    });

    it('carries satellite TV on DTH nodes only, and nothing else there but add-ons', () => {
      for (const o of byType('Single DTH')) expect(o.nodeClasses, o.planId).toEqual(['4']);
      for (const o of sellable.filter((x) => x.type !== 'Single DTH')) expect(o.nodeClasses, o.planId).not.toContain('4');
      for (const o of offers.filter((x) => x.quantities.some((q) => q.label === 'TV SATELITAL'))) expect(o.type).toBe('Single DTH');
    });

    it('describes every offer with the commercial enrichment keys of the spec', () => {
      const keys = ['legal-name', 'shortDescription', 'short-description', 'logo', 'discount_short_description', 'requireMSISDN'];
      for (const o of offers) {
        const descriptions = o.commercialEnrichmentsList.flatMap((e) => e.descriptions);
        expect(descriptions.map((d) => d.key).sort(), o.planId).toEqual([...keys].sort());
        expect(['true', 'false']).toContain(descriptions.find((d) => d.key === 'requireMSISDN')?.value);
      }
    });

    it('prices every sellable offer for every contract length except one combination, named in the README', () => {
      const costs = catalog.activationCosts;
      const key = (planId: string, months: number) => `${planId}@${months}`;
      const present = costs.map((c) => key(c.planId, c.months));
      expect(new Set(present).size).toBe(present.length);
      const sellableIds = new Set(sellable.map((o) => o.planId));
      expect(costs.filter((c) => !sellableIds.has(c.planId))).toEqual([]);
      const missing = sellable.flatMap((o) => MONTHS.map((m) => [o.planId, m] as const)).filter(([p, m]) => !present.includes(key(p, m)));
      expect(missing).toHaveLength(1);
      const [planId, months] = missing[0] as readonly [string, number];
      expect(readme).toContain(`${planId}\``);
      expect(readme).toContain(`at ${months} months`);
    });
  });

  describe('people', () => {
    it('has at least 3 sellers with unique PINs, one of them the demo PIN 2580', () => {
      const pins = people.sellers.map((s) => s.pin);
      expect(pins.length).toBeGreaterThanOrEqual(3);
      expect(new Set(pins).size).toBe(pins.length);
      expect(pins).toContain('2580');
      expect(new Set(people.sellers.map((s) => s.poaSellerCode)).size).toBe(pins.length);
    });

    it('has customers for every client-check branch: no debt, debt (twice) and a server error', () => {
      const customers = people.customers;
      expect(customers.some((c) => !c.hasDebt && c.fault === undefined)).toBe(true);
      const debtors = customers.filter((c) => c.hasDebt);
      expect(debtors.length).toBeGreaterThanOrEqual(2);
      for (const c of debtors) expect(c.contracts.reduce((sum, k) => sum + k.balance, 0), c.lastName).toBeGreaterThan(0);
      for (const c of customers.filter((x) => !x.hasDebt)) expect(c.contracts.every((k) => k.balance === 0), c.lastName).toBe(true);
      expect(customers.filter((c) => c.fault === 500)).toHaveLength(1);
      const numbers = customers.map((c) => c.documentNumber);
      expect(new Set(numbers).size).toBe(numbers.length);
    });

    it('has a valid DUI that is no customer, named in the README', () => {
      expect(dui.test(NOT_A_CUSTOMER)).toBe(true);
      expect(people.customers.map((c) => c.documentNumber)).not.toContain(digits(NOT_A_CUSTOMER));
      expect(readme).toContain(NOT_A_CUSTOMER);
    });

    it('writes only valid DUIs, except on records marked invalid', () => {
      const cards = people.idCards.filter((c) => !c.invalidDui);
      const numbers = [
        ...people.customers.map((c) => c.documentNumber),
        ...people.eligibility.map((e) => e.dui),
        ...cards.flatMap((c) => [c.front.id_number, c.rear.id_number]),
      ];
      expect(numbers.filter((n) => !dui.test(n))).toEqual([]);
      for (const c of people.idCards.filter((x) => x.invalidDui)) expect(dui.test(c.front.id_number), c.card).toBe(false);
    });

    it('rejects at least two DUIs with a Spanish reason, and accepts by default', () => {
      const rejected = people.eligibility.filter((e) => e.eligibility_result === 'rejected');
      expect(rejected.length).toBeGreaterThanOrEqual(2);
      for (const e of people.eligibility.filter((x) => x.eligibility_result !== 'accepted')) {
        expect(e.eligibility_decisions[0]?.description, e.dui).toMatch(/^El DUI /);
      }
      expect(new Set(people.eligibility.map((e) => e.dui)).size).toBe(people.eligibility.length);
    });

    it('has ID cards for a clean, a near (≤ 2 edits), a far (> 2 edits) and an under-age read', () => {
      const cards = people.idCards;
      expect(cards.length).toBeGreaterThanOrEqual(4);
      expect(new Set(cards.map((c) => c.card)).size).toBe(cards.length);
      const distance = (c: IdCard) => editDistance(digits(c.rear.id_number), digits(c.front.id_number));
      expect(cards.some((c) => distance(c) === 0)).toBe(true);
      expect(cards.some((c) => distance(c) >= 1 && distance(c) <= 2)).toBe(true);
      expect(cards.some((c) => distance(c) > 2)).toBe(true);
      const minors = cards.filter((c) => !adult.test(c.front.dob, seedDay));
      expect(minors.map((c) => c.card)).toEqual(['sofia-martinez']);
    });

    it('gives ID cards real dates, future expiry and well-formed e-mails', () => {
      for (const c of people.idCards) {
        expect(parseDmy(c.front.dob), c.card).toBeDefined();
        expect(parseDmy(c.front.expiry_date)?.getTime(), c.card).toBeGreaterThan(seedDay.getTime());
        expect(email.test(c.rear.email), c.card).toBe(true);
      }
    });

    it('has the e-mail checker fail at least two well-formed addresses', () => {
      expect(people.emails.filter((e) => e.status === 'failed').length).toBeGreaterThanOrEqual(2);
      for (const e of people.emails) expect(email.test(e.email), e.email).toBe(true);
    });

    it('names every PIN and every customer’s DUI in the README', () => {
      for (const s of people.sellers) expect(readme).toContain(`\`${s.pin}\``);
      for (const c of people.customers) {
        const number = c.documentNumber;
        expect(readme).toContain(`${number.slice(0, 8)}-${number.slice(8)}`);
      }
    });
  });

  describe('schedule', () => {
    it('has at least 3 morning slots before 12:00 and 3 afternoon slots after', () => {
      const am = schedule.timeSlots.filter((s) => s.slot === 'AM');
      const pm = schedule.timeSlots.filter((s) => s.slot === 'PM');
      expect(am.length).toBeGreaterThanOrEqual(3);
      expect(pm.length).toBeGreaterThanOrEqual(3);
      for (const s of am) expect(s.hour < '12:00', s.hour).toBe(true);
      for (const s of pm) expect(s.hour > '12:00', s.hour).toBe(true);
    });

    it('has windows without availability, each a real date range', () => {
      expect(schedule.unavailable.length).toBeGreaterThanOrEqual(1);
      for (const w of schedule.unavailable) {
        expect(Number.isNaN(Date.parse(w.from)) || Number.isNaN(Date.parse(w.to))).toBe(false);
        expect(w.from <= w.to, `${w.from}..${w.to}`).toBe(true);
      }
      expect(schedule.leadDays).toBeLessThan(schedule.horizonDays);
    });
  });
});
