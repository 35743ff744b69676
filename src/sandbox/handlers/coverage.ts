import { callerKey, counted, WAIT_MESSAGE, waitFor } from '../callerRates';
import { parseData, type SandboxDb } from '../database';
import { pointInPolygon, type LatLng, type Ring } from '../geometry';
import { tooManyRequests, type Handler, type HandlerAnswer } from '../handler';
import { findCity, findDepartment, placeKey, suburbsOf, type PlaceRow } from './locations';

/** A network node as `coverage.json` holds it. */
export interface CoverageNode {
  id: string;
  name: string;
  nodeClass: string;
  doubleWay: boolean;
  polygon: Ring;
}

/** The network type a node class stands for (spec section 9): '10' FTTH, '4' DTH, anything else HFC. */
function networkTypeOf(nodeClass: string): 'FTTH' | 'HFC' | 'DTH' {
  return nodeClass === '10' ? 'FTTH' : nodeClass === '4' ? 'DTH' : 'HFC';
}

/** All nodes, best network first (FTTH `10`, then HFC, then DTH `4`), then by id. */
export function loadNodes(db: SandboxDb): CoverageNode[] {
  const rank = (n: CoverageNode) => ['FTTH', 'HFC', 'DTH'].indexOf(networkTypeOf(n.nodeClass));
  return (db.prepare('select data from nodes').all() as Array<{ data: string }>)
    .map((row) => parseData<CoverageNode>(row) as CoverageNode)
    .sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id));
}

/** One node by id, when the sandbox knows it. */
export function findNode(db: SandboxDb, id: unknown): CoverageNode | undefined {
  return parseData<CoverageNode>(db.prepare('select data from nodes where id = ?').get(String(id ?? '')));
}

/** Points the seed marks as having no coverage: a point this close to one (~110 m) is not covered. */
const UNCOVERED_RADIUS_DEGREES = 0.001;

/** A suburb-named node belongs to a city only if it lies this close to the city's own node. */
const NEIGHBOURHOOD_KM = 10;

/** Words that say what kind of place a suburb is, dropped when a node is named after it. */
const PLACE_KIND = /^(colonia|barrio|canton|reparto|urbanizacion|residencial|caserio|lotificacion|playa|ciudad) /;

/** Public coverage checks an address may make in an hour: a person checks a few houses; a script mapping the network needs thousands. */
export const PUBLIC_COVERAGE_CHECKS = 30;

const quiet = (): HandlerAnswer => ({ status: 404, body: { error: { message: 'No se encontraron resultados' } } });

function isUncovered(db: SandboxDb, point: LatLng): boolean {
  const spots = parseData<LatLng[]>(db.prepare("select data from settings where key = 'uncovered'").get()) ?? [];
  return spots.some((s) => Math.abs(s.latitude - point.latitude) <= UNCOVERED_RADIUS_DEGREES && Math.abs(s.longitude - point.longitude) <= UNCOVERED_RADIUS_DEGREES);
}

/** The best node whose polygon holds the point, unless the point is a marked no-coverage spot. */
export function nodeAt(db: SandboxDb, point: LatLng): CoverageNode | undefined {
  if (isUncovered(db, point)) return undefined;
  return loadNodes(db).find((n) => pointInPolygon(point, n.polygon));
}

function centre(node: CoverageNode): LatLng {
  const ring = node.polygon.length > 1 && node.polygon[0]?.join() === node.polygon.at(-1)?.join() ? node.polygon.slice(0, -1) : node.polygon;
  const sum = ring.reduce((acc, [lng, lat]) => ({ latitude: acc.latitude + lat, longitude: acc.longitude + lng }), { latitude: 0, longitude: 0 });
  return { latitude: sum.latitude / ring.length, longitude: sum.longitude / ring.length };
}

function distanceKm(a: LatLng, b: LatLng): number {
  const kmPerDegree = 111.32;
  const dLat = (a.latitude - b.latitude) * kmPerDegree;
  const dLng = (a.longitude - b.longitude) * kmPerDegree * Math.cos(((a.latitude + b.latitude) / 2) * (Math.PI / 180));
  return Math.hypot(dLat, dLng);
}

const containsWords = (text: string, words: string) => words !== '' && ` ${text} `.includes(` ${words} `);

/**
 * The nodes of a city, and the one named after the given suburb (if any). Nodes carry no
 * address, so they are placed by name: a node belongs to the city when its name contains the
 * city's name ('Centro de San Salvador', 'Puerto de La Libertad'), or when it is named after one
 * of the city's suburbs ('Escalón' for 'Colonia Escalón') and lies within 10 km of a node named
 * after the city (so 'Barrio Mejicanos' of Sonsonate does not pull in the Mejicanos node).
 */
function nodesOfCity(db: SandboxDb, city: PlaceRow, suburb: unknown): { nodes: CoverageNode[]; suburbNode: CoverageNode | undefined } {
  const all = loadNodes(db);
  const cityKey = placeKey(city.name);
  const cityNodes = all.filter((n) => containsWords(placeKey(n.name), cityKey));
  const suburbNamed = new Map<string, CoverageNode>();
  for (const s of suburbsOf(db, city.id)) {
    const core = placeKey(s.name).replace(PLACE_KIND, '');
    const node = all.find(
      (n) => !cityNodes.includes(n) && placeKey(n.name) === core && cityNodes.some((c) => distanceKm(centre(c), centre(n)) <= NEIGHBOURHOOD_KM),
    );
    if (node) suburbNamed.set(placeKey(s.name), node);
  }
  const suburbKey = placeKey(suburb);
  const suburbNode = suburbNamed.get(suburbKey) ?? [...suburbNamed.entries()].find(([key]) => key.replace(PLACE_KIND, '') === suburbKey)?.[1];
  const nodes = [...cityNodes, ...suburbNamed.values()].filter((n, i, list) => list.indexOf(n) === i);
  return { nodes, suburbNode };
}

const entry = (n: CoverageNode) => ({ id: n.id, category: n.nodeClass, doubleWay: n.doubleWay });

/** A node's polygon as a GeoJSON Polygon feature; GeoJSON wants the ring closed. */
function areaOf(n: CoverageNode) {
  const ring = n.polygon.map(([lng, lat]) => [lng, lat]);
  const first = ring[0];
  if (first && ring.at(-1)?.join() !== first.join()) ring.push([...first]);
  return {
    type: 'Feature',
    id: n.id,
    geometry: { type: 'Polygon', coordinates: [ring] },
    properties: { node: n.id, name: n.name, nodeClass: n.nodeClass, networkType: networkTypeOf(n.nodeClass), doubleWay: n.doubleWay },
  };
}

/**
 * Coverage (`coverage.json` → the `nodes` table and the `uncovered` setting).
 *
 * checkCoverage: the node whose polygon holds the point (`[longitude, latitude]` rings; a point
 * on a border counts as inside). When polygons overlap, the best network wins (FTTH, then HFC,
 * then DTH). A point outside every polygon, or within ~110 m of a seeded `uncovered` spot, is
 * the quiet 404.
 *
 * coverage (the spec says "address data" and "coverage result"; designed here):
 * 1. The department and city are resolved by id or name (accents and case ignored); an unknown
 *    department, or a city that is not in it, is the quiet 404.
 * 2. The city's nodes are found by name (see `nodesOfCity`).
 * 3. The chosen `node`: the node at the map point when the request carries a covered point (the
 *    agent put the pin on the house); else the node named after the address's suburb; else the
 *    city's best node (FTTH, then HFC, then DTH).
 * 4. `nodes` lists the city's nodes (and the point's node, when it lies elsewhere). No node at
 *    all is the quiet 404.
 *
 * publicCoverage (a check before any sign-in; docs/security.md): whether the point is
 * covered and the best network there, as checkCoverage finds its node, and nothing else (no node
 * id, no area). Anyone may ask, so each address is counted: past `PUBLIC_COVERAGE_CHECKS` in
 * an hour, 429 with the wait, and no point is looked up meanwhile.
 *
 * coverageAreas (not in the spec; designed for the map): every node's polygon as a GeoJSON
 * FeatureCollection, best network first as `nodeAt` tries them, so the map draws the areas the
 * point check uses. The seeded no-coverage spots are points, not areas: they are not drawn.
 */
export const coverageHandlers: Record<string, Handler> = {
  checkCoverage: ({ db, query }) => {
    const node = nodeAt(db, { latitude: Number(query.latitude), longitude: Number(query.longitude) });
    return node ? { body: { node: node.id, nodeClass: node.nodeClass } } : quiet();
  },
  coverage: ({ db, body }) => {
    const department = findDepartment(db, body.department);
    const city = department && findCity(db, department.id, body.city);
    if (!city) return quiet();
    const { nodes, suburbNode } = nodesOfCity(db, city, body.suburb);
    const hasPoint = typeof body.latitude === 'number' && typeof body.longitude === 'number';
    const pointNode = hasPoint ? nodeAt(db, { latitude: body.latitude as number, longitude: body.longitude as number }) : undefined;
    const chosen = pointNode ?? suburbNode ?? nodes[0];
    if (!chosen) return quiet();
    const listed = nodes.some((n) => n.id === chosen.id) ? nodes : [chosen, ...nodes];
    return { body: { node: chosen.id, nodeClass: chosen.nodeClass, nodes: listed.map(entry) } };
  },
  publicCoverage: ({ db, query, caller, now }) => {
    const key = callerKey(db, caller);
    const wait = waitFor(db, 'coverage-check', key, PUBLIC_COVERAGE_CHECKS, now.getTime());
    if (wait > 0) return tooManyRequests(WAIT_MESSAGE, wait);
    counted(db, 'coverage-check', key, now.getTime());
    const node = nodeAt(db, { latitude: Number(query.latitude), longitude: Number(query.longitude) });
    return { body: node ? { covered: true, networkType: networkTypeOf(node.nodeClass) } : { covered: false } };
  },
  coverageAreas: ({ db }) => ({ body: { type: 'FeatureCollection', features: loadNodes(db).map(areaOf) } }),
};
