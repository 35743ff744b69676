import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { countryActors } from '../../src/openapi/countryActors';
import { operations } from '../../src/api/generated/sv/operations';
import { checkJourney } from '../../src/checker/checkJourney';
import { countryActorNames } from '../../src/pack/actorCatalogue';

describe('the actors a journey may invoke', () => {
  // A journey names calls as `api.<operationId>` of its own country's provider API: SV's are
  // the operations of openapi/sv/, as the generated table has them, and the device's.
  it("are SV's operations for an SV journey, and the device's, no other", () => {
    expect(countryActors('SV').sort()).toEqual([...Object.keys(operations).map((id) => `api.${id}`), 'device.location'].sort());
  });

  it('are named after the operations given, whatever the country', () => {
    expect(countryActorNames(['products'])).toEqual(['api.products', 'device.location']);
  });

  // The list is the country's, handed to the check: an SV call a country does not have is unknown there.
  it("are checked against the journey's country's list", () => {
    const text = readFileSync('journeys/sv.json', 'utf8');
    expect(checkJourney('sv.json', text, countryActors).problems).toEqual([]);
    const withoutProducts = (country: string) => countryActors(country).filter((name) => name !== 'api.products');
    const problems = checkJourney('sv.json', text, withoutProducts).problems.map((p) => p.message);
    expect(problems).toEqual([expect.stringMatching(/^unknown actor "api\.products"/)]);
  });
});
