import { describe, expect, it } from 'vitest';
import { operations } from '../../src/api/generated/operations';
import { actorNames } from '../../src/engine/actorCatalogue';

describe('the actor catalogue', () => {
  // A journey names calls as `api.<operationId>`: the catalogue and openapi/ must agree.
  it('has one api actor per provider operation, and no other', () => {
    const apiActors = actorNames.filter((n) => n.startsWith('api.')).map((n) => n.slice(4));
    expect(apiActors.sort()).toEqual(Object.keys(operations).sort());
  });
});
