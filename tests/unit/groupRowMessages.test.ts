import { describe, expect, it } from 'vitest';
import { validateStepData } from '../../src/screens/stepValidator';

// A repeatable group's rows (issue 34): each field of each row is checked with the project's
// rules and said at its own place (`/addresses/1/addressType`), a step's message written once
// for every row (`/addresses/addressValue`).

const step = {
  schema: {
    type: 'object',
    required: ['addresses'],
    properties: {
      addresses: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['addressType', 'addressValue'],
          properties: { addressType: { type: 'string', format: 'person-name' }, addressValue: { type: 'string', maxLength: 10 } },
        },
      },
    },
  },
  messages: { '/addresses/addressValue': { maxLength: 'Diez letras como máximo' } },
};

describe("a group's rows, checked", () => {
  it("says each row's missing, malformed and too long fields at their own row", () => {
    const problems = validateStepData(step, { addresses: [{ addressType: 'Casa' }, { addressType: 'Casa 2', addressValue: 'Zona 10, 5a avenida' }, { addressValue: 'Zona 1' }] });
    expect(problems.sort((a, b) => a.pointer.localeCompare(b.pointer))).toEqual([
      { pointer: '/addresses/0/addressValue', message: 'Campo requerido' },
      { pointer: '/addresses/1/addressType', message: 'Solo se permiten letras y espacios' },
      { pointer: '/addresses/1/addressValue', message: 'Diez letras como máximo' },
      { pointer: '/addresses/2/addressType', message: 'Campo requerido' },
    ]);
  });

  it('wants at least minItems rows (the screen never draws fewer: no row can be removed below them)', () => {
    expect(validateStepData(step, { addresses: [] })).toEqual([{ pointer: '/addresses', message: 'Por favor, valida la información' }]);
  });
});
