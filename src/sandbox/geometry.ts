/** A map point, as the coverage calls carry it. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** A polygon ring as GeoJSON writes it: `[longitude, latitude]` positions, closed or not. */
export type Ring = ReadonlyArray<readonly [number, number]>;

/**
 * Whether a point lies inside a polygon ring (ray casting: a ray going east from the point
 * crosses the ring's edges an odd number of times). A point exactly on an edge or vertex counts
 * as inside, so neighbouring nodes never leave a gap on their shared border. Planar: right for
 * the few kilometres a node covers.
 *
 * @example pointInPolygon({ latitude: 13.6989, longitude: -89.1914 }, [[-89.2, 13.692], [-89.183, 13.692], [-89.183, 13.706], [-89.2, 13.706]]) // true
 */
export function pointInPolygon(point: LatLng, ring: Ring): boolean {
  const x = point.longitude;
  const y = point.latitude;
  if (!Number.isFinite(x) || !Number.isFinite(y) || ring.length < 3) return false;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as readonly [number, number];
    const [xj, yj] = ring[j] as readonly [number, number];
    if (onSegment(x, y, xi, yi, xj, yj)) return true;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const EPSILON = 1e-12;

function onSegment(x: number, y: number, x1: number, y1: number, x2: number, y2: number): boolean {
  const cross = (x - x1) * (y2 - y1) - (y - y1) * (x2 - x1);
  if (Math.abs(cross) > EPSILON) return false;
  return x >= Math.min(x1, x2) - EPSILON && x <= Math.max(x1, x2) + EPSILON && y >= Math.min(y1, y2) - EPSILON && y <= Math.max(y1, y2) + EPSILON;
}
