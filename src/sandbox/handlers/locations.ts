import { parseData, type SandboxDb } from '../database';
import { notFound, type Handler } from '../handler';

/** Where a place is (`geography.json` `points`): a municipality's centre, or a department's when it names no municipality. */
interface PlacePoint {
  department: string;
  municipality?: string;
  latitude: number;
  longitude: number;
}

export interface PlaceRow {
  id: string;
  name: string;
}

/**
 * A place name as compared: accents, case and extra spaces do not count, so 'Escalon',
 * 'escalón' and ' Escalón ' name the same suburb (agents type and providers spell both ways).
 *
 * @example placeKey('  Colonia  ESCALÓN ') // 'colonia escalon'
 */
export function placeKey(value: unknown): string {
  return String(value ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const byName = (a: PlaceRow, b: PlaceRow) => a.name.localeCompare(b.name, 'es');
const place = (row: PlaceRow) => ({ name: row.name, code: row.id });

/** A department by its id (`06`) or its name (`San Salvador`, accents optional). */
export function findDepartment(db: SandboxDb, value: unknown): PlaceRow | undefined {
  const rows = db.prepare('select id, name from departments').all() as PlaceRow[];
  const key = placeKey(value);
  return rows.find((d) => d.id === String(value).trim()) ?? rows.find((d) => placeKey(d.name) === key);
}

/** A city of a department by its id (`0601`) or its name. */
export function findCity(db: SandboxDb, departmentId: string, value: unknown): PlaceRow | undefined {
  const rows = db.prepare('select id, name from cities where department_id = ?').all(departmentId) as PlaceRow[];
  const key = placeKey(value);
  return rows.find((c) => c.id === String(value).trim()) ?? rows.find((c) => placeKey(c.name) === key);
}

/** The suburbs of a city. */
export function suburbsOf(db: SandboxDb, cityId: string): PlaceRow[] {
  return db.prepare('select id, name from suburbs where city_id = ?').all(cityId) as PlaceRow[];
}

/** An address the provider knows (`geography.json` `addresses`), with its point. */
interface KnownAddress {
  id: string;
  department: string;
  municipality: string;
  locality: string;
  address: string;
  latitude: number;
  longitude: number;
}

/**
 * The dependent selects of the address form (`geography.json`). Each list is sorted by name
 * (Spanish order) and each place carries its sandbox id as `code`.
 *
 * Where the spec is silent:
 * - `city` takes the department's id or name in `deparment`; `suburb` takes ids or names for
 *   both the department and the city (names compared without accents or case).
 * - An unknown department, or a city that is not in the department, is an empty list (a 200):
 *   the select simply has nothing to offer; the spec gives these calls no 404.
 */
export const locationsHandlers: Record<string, Handler> = {
  /**
   * addressCoordinates: where a typed address is, as a provider's geocoder would place it when it
   * knows no street: the centre of its municipality (`geography.json` `points`), else of its
   * department. A place with neither is the quiet 404 'No hay resultados' (the map opens at the
   * country's centre).
   */
  addressCoordinates: ({ db, query }) => {
    const points = parseData<PlacePoint[]>(db.prepare("select data from settings where key = 'points'").get()) ?? [];
    const department = String(query.department);
    const point =
      points.find((p) => p.department === department && p.municipality === String(query.municipality)) ??
      points.find((p) => p.department === department && p.municipality === undefined);
    if (!point) return notFound();
    return { body: { latitude: point.latitude, longitude: point.longitude } };
  },
  /**
   * addressSearch: the seed's addresses (`geography.json` `addresses`) of the typed department,
   * municipality and zone, those whose text names every typed value first (accents and case aside),
   * at most 10. None is an empty list: the agent places the address on the map.
   */
  addressSearch: ({ db, body }) => {
    const known = parseData<KnownAddress[]>(db.prepare("select data from settings where key = 'addresses'").get()) ?? [];
    const zone = placeKey(body.locality);
    const typed = (Array.isArray(body.addresses) ? (body.addresses as Array<{ addressValue?: unknown }>) : []).map((part) => placeKey(part.addressValue));
    const inPlace = known.filter((a) => a.department === body.department && a.municipality === body.city && (zone === '' || placeKey(a.locality) === zone));
    const namesAll = (a: KnownAddress) => typed.every((value) => placeKey(a.address).includes(value));
    const found = [...inPlace.filter(namesAll), ...inPlace.filter((a) => !namesAll(a))].slice(0, 10);
    return { body: { addresses: found.map(({ id, address, latitude, longitude }) => ({ id, address, latitude, longitude })) } };
  },
  departments: ({ db }) => {
    const rows = db.prepare('select id, name from departments').all() as PlaceRow[];
    return { body: { departments: rows.sort(byName).map(place) } };
  },
  city: ({ db, query }) => {
    const department = findDepartment(db, query.deparment);
    const rows = department ? (db.prepare('select id, name from cities where department_id = ?').all(department.id) as PlaceRow[]) : [];
    return { body: { cities: rows.sort(byName).map(place) } };
  },
  suburb: ({ db, body }) => {
    const department = findDepartment(db, body.department);
    const city = department && findCity(db, department.id, body.city);
    return { body: { suburbs: city ? suburbsOf(db, city.id).sort(byName).map(place) : [] } };
  },
};
