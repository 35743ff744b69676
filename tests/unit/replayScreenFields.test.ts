import { describe, expect, it } from 'vitest';
import { stepScreenOf } from '../../src/tools/replay/stepScreen';
import { loadJourney } from '../support/journeyFiles';

// What the browser replay's driver reads of a step file: the fields it fills, by their widgets.
// Paraguay's and Guatemala's tours stopped at screens whose fields it did not see or could not fill.
describe("the browser replay's fields of a screen", () => {
  it('lists the field a choice brings: the nationality a foreign document asks for, after the document type', () => {
    const screen = stepScreenOf(loadJourney('journeys/py.json'), 'py.signedIn.sale.clientInformation', 'py');
    const names = screen?.fields.map((field) => field.name) ?? [];
    expect(names).toContain('cliNationality');
    expect(names.indexOf('cliNationality')).toBeGreaterThan(names.indexOf('documentType'));
    expect(screen?.fields.find((field) => field.name === 'cliNationality')).toMatchObject({ label: 'Nacionalidad', widget: 'select' });
    // A field a choice only narrows (the number's format for a CI) is listed once, as drawn.
    expect(names.filter((name) => name === 'documentNumber')).toHaveLength(1);
  });

  it("reads a list of rows as a repeatable group, with its rows' fields and names", () => {
    const screen = stepScreenOf(loadJourney('journeys/gt.json'), 'gt.signedIn.sale.inputAddress', 'gt');
    const addresses = screen?.fields.find((field) => field.name === 'addresses');
    expect(addresses).toMatchObject({ label: 'Dirección', widget: 'group', options: { addLabel: 'Agregar dirección', itemLabel: 'Dirección' } });
    expect(addresses?.ui.items).toMatchObject({ addressType: { 'ui:placeholder': 'Avenida' } });
  });
});
