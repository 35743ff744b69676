import { describe, expect, it } from 'vitest';
import { operations } from '../../src/api/generated/sv/operations';
import { actorNames } from '../../src/engine/actorCatalogue';

describe('the actor catalogue', () => {
  // A journey names calls as `api.<operationId>`: the catalogue and openapi/ must agree. The
  // map's coverage areas are drawn by the map step's widget itself (its `call`), and the PIN's
  // public key is asked by the api layer before sign-in; neither is invoked by a journey, so
  // they need no actor (openapi/README.md).
  const WIDGET_ONLY = new Set(['coverageAreas', 'publicKey']);
  it('has one api actor per provider operation a journey may invoke, and no other', () => {
    const apiActors = actorNames.filter((n) => n.startsWith('api.')).map((n) => n.slice(4));
    expect(apiActors.sort()).toEqual(Object.keys(operations).filter((id) => !WIDGET_ONLY.has(id)).sort());
  });
});
