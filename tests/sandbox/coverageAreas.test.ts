import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCountryOperations } from '../../src/openapi/countryOperations';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { signedInject } from '../support/signedInject';

// coverageAreas (designed for the map step, openapi/coverage.yaml): the seeded nodes' polygons
// as GeoJSON, through Fastify's real request pipeline, checked against the spec and against the
// point check the journey makes, so what the map draws is where checkCoverage answers a node.

interface Area {
  type: string;
  id: string;
  geometry: { type: string; coordinates: Array<Array<[number, number]>> };
  properties: { node: string; name: string; nodeClass: string; networkType: string; doubleWay: boolean };
}

const seed = JSON.parse(readFileSync('src/sandbox/seed/sv/coverage.json', 'utf8')) as { nodes: Array<{ id: string; nodeClass: string }> };
const schema = loadCountryOperations('sv').find((o) => o.operationId === 'coverageAreas')?.responses['200']?.schema;
const validate = addFormats(new Ajv2020({ strict: false, allErrors: true })).compile(schema ?? {});

let sandbox: Sandbox;
let cookie: string;
let inject: ReturnType<typeof signedInject>;
const get = (path: string, signedIn = true) => inject({ method: 'GET', url: `/v1/telco/sv${path}`, headers: signedIn ? { cookie } : {} });

beforeAll(async () => {
  sandbox = await createSandbox({ db: ':memory:', mode: 'test' });
  inject = signedInject(sandbox.app);
  const signIn = await inject({ method: 'POST', url: '/v1/telco/sv/accesstoken', payload: { code: '2580', country: 'SV' } });
  cookie = `session=${signIn.cookies.find((c) => c.name === 'session')?.value ?? ''}`;
});
afterAll(() => sandbox.app.close());

async function areas(): Promise<Area[]> {
  const response = await get('/coverage-areas');
  expect(response.statusCode).toBe(200);
  const body = response.json() as { type: string; features: Area[] };
  expect(validate(body) ? [] : validate.errors).toEqual([]);
  expect(body.type).toBe('FeatureCollection');
  return body.features;
}

/** A point inside a convex ring: the mean of its corners (the closing corner counted once). */
function inside(ring: Array<[number, number]>): { latitude: number; longitude: number } {
  const corners = ring.slice(0, -1);
  return {
    longitude: corners.reduce((sum, [lng]) => sum + lng, 0) / corners.length,
    latitude: corners.reduce((sum, [, lat]) => sum + lat, 0) / corners.length,
  };
}

describe('coverageAreas', () => {
  it('needs the session cookie (401)', async () => {
    expect((await get('/coverage-areas', false)).statusCode).toBe(401);
  });

  it('has the spec schema in openapi/coverage.yaml', () => {
    expect(schema).toBeDefined();
  });

  it('answers one closed polygon per seeded node, with its class and network type', async () => {
    const features = await areas();
    expect(features.map((f) => f.id).sort()).toEqual(seed.nodes.map((n) => n.id).sort());
    for (const feature of features) {
      const ring = feature.geometry.coordinates[0] ?? [];
      expect(ring.length, feature.id).toBeGreaterThanOrEqual(4);
      expect(ring.at(-1), feature.id).toEqual(ring[0]);
      expect(feature.properties.node).toBe(feature.id);
      expect(feature.properties.nodeClass).toBe(seed.nodes.find((n) => n.id === feature.id)?.nodeClass);
    }
    const typeOf = (id: string) => features.find((f) => f.id === id)?.properties.networkType;
    expect([typeOf('N-SS-CEN-01'), typeOf('N-SS-SOY-01'), typeOf('N-LL-PTO-01')]).toEqual(['FTTH', 'HFC', 'DTH']);
    // Best network first, the order in which the point check tries them.
    const rank = (t: string) => ['FTTH', 'HFC', 'DTH'].indexOf(t);
    const ranks = features.map((f) => rank(f.properties.networkType));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('draws each area where the point check answers its node, and nothing where it answers none', async () => {
    for (const feature of await areas()) {
      const { latitude, longitude } = inside(feature.geometry.coordinates[0] ?? []);
      const response = await get(`/get-coverage?latitude=${latitude}&longitude=${longitude}`);
      expect(response.statusCode, feature.id).toBe(200);
      expect(response.json()).toEqual({ node: feature.id, nodeClass: feature.properties.nodeClass });
    }
    // East of Centro de San Salvador, west of Soyapango: no area, and the quiet 404.
    expect((await get('/get-coverage?latitude=13.697366&longitude=-89.1765')).statusCode).toBe(404);
  });
});
