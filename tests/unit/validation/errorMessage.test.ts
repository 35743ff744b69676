import { describe, expect, it } from 'vitest';
import { validateStepData } from '../../../src/screens/stepValidator';
import { errorMessage } from '../../../src/validation/errorMessage';
import { formatMessages, formatRules } from '../../../src/validation/formats';

describe('errorMessage', () => {
  it('says "Campo requerido" for a missing field', () => {
    expect(errorMessage({ keyword: 'required', params: { missingProperty: 'firstName' } }, formatMessages)).toBe('Campo requerido');
  });

  it.each(Object.values(formatRules).map((rule) => [rule.format, rule.message]))('gives format %s its rule\'s message', (format, message) => {
    expect(errorMessage({ keyword: 'format', params: { format } }, formatMessages)).toBe(message);
  });

  it.each([
    ['dui', 'El DUI ingresado no es válido'],
    ['date-dmy', 'Fecha inválido'],
    ['phone-gt', 'Debe comenzar con 3 4 ó 5'],
    ['phone-co', 'El Número ingresado no es valido.'],
    ['adult-birth-date', 'El cliente debe ser mayor de 18 años'],
    ['past-date', 'La fecha no puede ser posterior a hoy'],
  ])('gives format %s the message %j', (format, message) => {
    expect(errorMessage({ keyword: 'format', params: { format } }, formatMessages)).toBe(message);
  });

  it('falls back to "Por favor, valida la información" for a format it does not know', () => {
    expect(errorMessage({ keyword: 'format', params: { format: 'ipv4' } }, formatMessages)).toBe('Por favor, valida la información');
  });

  it("says only the messages it is given: a country's screens know their own rules, not another country's", () => {
    expect(errorMessage({ keyword: 'format', params: { format: 'dui' } }, { digits: 'Solo se permiten números' })).toBe('Por favor, valida la información');
    expect(errorMessage({ keyword: 'format', params: { format: 'toString' } }, {})).toBe('Por favor, valida la información');
  });

  it.each([
    ['maxLength', 30, 'Máximo 30 caracteres'],
    ['maxLength', 19, 'Máximo 19 caracteres'],
    ['minLength', 13, 'Mínimo 13 caracteres'],
    ['minLength', 8, 'Mínimo 8 caracteres'],
    ['maximum', 31, 'El valor máximo es 31'],
    ['maximum', 2019, 'El valor máximo es 2019'],
    ['minimum', 1, 'El valor mínimo es 1'],
    ['minimum', 1950, 'El valor mínimo es 1950'],
  ])('%s with limit %i reads %j', (keyword, limit, message) => {
    const text = errorMessage({ keyword, params: { limit } }, formatMessages);
    expect(text).toBe(message);
    expect(text).toContain(String(limit));
  });

  it.each([0, 1])('reads minLength %i as "Campo requerido" (an empty text field)', (limit) => {
    expect(errorMessage({ keyword: 'minLength', params: { limit } }, formatMessages)).toBe('Campo requerido');
  });

  it('reads const true (a box that must be ticked) as "Campo requerido"', () => {
    expect(errorMessage({ keyword: 'const', params: { allowedValue: true } }, formatMessages)).toBe('Campo requerido');
  });

  it('reads any other const as "Por favor, valida la información"', () => {
    expect(errorMessage({ keyword: 'const', params: { allowedValue: 'DUI' } }, formatMessages)).toBe('Por favor, valida la información');
  });

  it.each(['pattern', 'type', 'enum', 'somethingNew'])('reads keyword %s as "Por favor, valida la información"', (keyword) => {
    expect(errorMessage({ keyword, params: {} }, formatMessages)).toBe('Por favor, valida la información');
  });

  it('lets the step\'s own message for the keyword win', () => {
    const overrides = { required: 'Ingresa el nombre del cliente', format: 'Revisa el DUI', maxLength: 'Demasiado largo' };
    expect(errorMessage({ keyword: 'required', params: {} }, formatMessages, overrides)).toBe('Ingresa el nombre del cliente');
    expect(errorMessage({ keyword: 'format', params: { format: 'dui' } }, formatMessages, overrides)).toBe('Revisa el DUI');
    expect(errorMessage({ keyword: 'maxLength', params: { limit: 30 } }, formatMessages, overrides)).toBe('Demasiado largo');
  });

  it('keeps its own message for keywords the step does not override', () => {
    const overrides = { required: 'Ingresa el nombre del cliente' };
    expect(errorMessage({ keyword: 'format', params: { format: 'dui' } }, formatMessages, overrides)).toBe('El DUI ingresado no es válido');
    expect(errorMessage({ keyword: 'minimum', params: { limit: 1 } }, formatMessages, overrides)).toBe('El valor mínimo es 1');
  });
});

describe('validateStepData', () => {
  // Dates relative to the real clock, far enough from today that the day of the run never matters.
  const year = new Date().getUTCFullYear();
  const childBirthDate = `15/06/${year - 5}`;
  const nextYear = `15/06/${year + 1}`;

  const schema = {
    type: 'object',
    required: ['field'],
    properties: {
      field: { type: 'string' },
      birthDate: { type: 'string', format: 'date-dmy', adult: true },
      issueDate: { type: 'string', format: 'date-dmy', notFuture: true },
      expiryDate: { type: 'string', format: 'date-dmy' },
      documentNumber: { type: 'string', format: 'dui' },
      street: { type: 'string', maxLength: 30 },
      terms: { const: true },
    },
  };

  it('finds nothing wrong with good data', () => {
    const data = {
      field: 'x',
      birthDate: '01/01/1990',
      issueDate: '01-01-2020',
      expiryDate: '31/12/2099',
      documentNumber: '04644848-2',
      street: 'Calle Arce',
      terms: true,
    };
    expect(validateStepData({ schema }, data)).toEqual([]);
  });

  it('gives "adult": true its message on a date-dmy field', () => {
    expect(validateStepData({ schema }, { field: 'x', birthDate: childBirthDate })).toEqual([
      { pointer: '/birthDate', message: 'El cliente debe ser mayor de 18 años' },
    ]);
  });

  it('gives "notFuture": true its message on a date-dmy field', () => {
    expect(validateStepData({ schema }, { field: 'x', issueDate: nextYear })).toEqual([
      { pointer: '/issueDate', message: 'La fecha no puede ser posterior a hoy' },
    ]);
  });

  // Regression: an impossible date on an `adult` field said "mayor de 18 años" (ajv reports the
  // macro's format first); the field's most basic error is the one shown.
  it.each([
    ['birthDate', '31/02/2000'],
    ['birthDate', 'hola'],
    ['issueDate', '31/02/2000'],
  ])('says "Fecha inválido" for %s "%s", not the age or future rule', (field, value) => {
    expect(validateStepData({ schema }, { field: 'x', [field]: value })).toEqual([{ pointer: `/${field}`, message: 'Fecha inválido' }]);
  });

  it('gives a plain date-dmy field "Fecha inválido"', () => {
    expect(validateStepData({ schema }, { field: 'x', expiryDate: '31/02/2030' })).toEqual([{ pointer: '/expiryDate', message: 'Fecha inválido' }]);
  });

  it('says "Campo requerido" at /field when the field is missing', () => {
    expect(validateStepData({ schema }, {})).toEqual([{ pointer: '/field', message: 'Campo requerido' }]);
  });

  it('points into nested objects for a missing field', () => {
    const nested = { type: 'object', properties: { client: { type: 'object', required: ['firstName'], properties: { firstName: { type: 'string' } } } } };
    expect(validateStepData({ schema: nested }, { client: {} })).toEqual([{ pointer: '/client/firstName', message: 'Campo requerido' }]);
  });

  it('reports each failing field once, with its own message', () => {
    const problems = validateStepData({ schema }, { birthDate: childBirthDate, documentNumber: '04644848-8', street: 'x'.repeat(31), terms: false });
    expect(problems).toEqual([
      { pointer: '/field', message: 'Campo requerido' },
      { pointer: '/birthDate', message: 'El cliente debe ser mayor de 18 años' },
      { pointer: '/documentNumber', message: 'El DUI ingresado no es válido' },
      { pointer: '/street', message: 'Máximo 30 caracteres' },
      { pointer: '/terms', message: 'Campo requerido' },
    ]);
  });

  it('uses the step\'s messages for the field it names, and only there', () => {
    const step = {
      schema,
      messages: {
        '/field': { required: 'Ingresa el nombre del cliente' },
        '/birthDate': { format: 'El titular debe ser mayor de edad' },
      },
    };
    expect(validateStepData(step, { birthDate: childBirthDate, documentNumber: '1' })).toEqual([
      { pointer: '/field', message: 'Ingresa el nombre del cliente' },
      { pointer: '/birthDate', message: 'El titular debe ser mayor de edad' },
      { pointer: '/documentNumber', message: 'El DUI ingresado no es válido' },
    ]);
  });

  it('finds nothing to check in a step without a schema', () => {
    expect(validateStepData({}, { anything: 1 })).toEqual([]);
  });
});
