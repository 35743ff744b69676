import { describe, expect, it } from 'vitest';
import { checkReferenceSelects } from '../../src/checker/checkReferenceSelects';
import { referenceChoices } from '../../src/pack/referenceChoices';
import type { StepFile } from '../../src/pack/stepFile';

const towns = [
  { code: 'N1', region: 'N', name: 'Puerto Norte' },
  { code: 'N2', region: 'N', name: 'Villa Alta' },
  { code: 'S1', region: 'S', name: 'Bahía Sur' },
];
const town = { data: 'towns', value: 'code', label: 'name', where: { region: '/form/region' } };

describe('a reference select', () => {
  it('offers the rows of the chosen region, kept by code and shown by name', () => {
    expect(referenceChoices(towns, town, { region: 'N' })).toEqual([
      { value: 'N1', label: 'Puerto Norte' },
      { value: 'N2', label: 'Villa Alta' },
    ]);
    expect(referenceChoices(towns, town, { region: 'S' })).toEqual([{ value: 'S1', label: 'Bahía Sur' }]);
  });

  it('offers nothing until the field it filters by has a value', () => {
    expect(referenceChoices(towns, town, {})).toBeUndefined();
    expect(referenceChoices(towns, town, { region: '' })).toBeUndefined();
  });

  it('without a filter offers every row; codes written as numbers are kept as text', () => {
    expect(referenceChoices([{ id: 1, name: 'Uno' }], { data: 'x', value: 'id', label: 'name' }, {})).toEqual([{ value: '1', label: 'Uno' }]);
  });
});

describe('journeys:check on reference selects', () => {
  const step = (reference: Record<string, unknown>): StepFile =>
    ({
      step: 'address',
      schema: { type: 'object', properties: { region: { type: 'string' }, town: { type: 'string' } } },
      uiSchema: { town: { 'ui:widget': 'referenceSelect', 'ui:options': { reference } } },
    }) as unknown as StepFile;
  const data = new Map<string, unknown>([
    ['towns', towns],
    ['notRows', { a: 1 }],
  ]);

  it('is sound when the data, its keys and the filtered field exist', () => {
    expect(checkReferenceSelects(step(town), data, 'ZZ')).toEqual([]);
  });

  it('says which reference data the country file lacks, with did-you-mean', () => {
    expect(checkReferenceSelects(step({ ...town, data: 'tows' }), data, 'ZZ')).toEqual([
      { pointer: '/uiSchema/town/ui:options/reference/data', message: 'the country file of ZZ has no reference data "tows"; did you mean "towns"?' },
    ]);
  });

  it('says which row key or form field is misspelt, and data that is not rows', () => {
    expect(checkReferenceSelects(step({ ...town, label: 'nam', where: { regin: '/form/regon' } }), data, 'ZZ')).toEqual([
      { pointer: '/uiSchema/town/ui:options/reference/label', message: 'the rows of "towns" have no "nam"; did you mean "name"?' },
      { pointer: '/uiSchema/town/ui:options/reference/where/regin', message: 'the rows of "towns" have no "regin"; did you mean "region"?' },
      { pointer: '/uiSchema/town/ui:options/reference/where/regin', message: 'the step has no field "regon"; did you mean "region"?' },
    ]);
    expect(checkReferenceSelects(step({ ...town, data: 'notRows' }), data, 'ZZ')).toEqual([
      { pointer: '/uiSchema/town/ui:options/reference/data', message: 'the reference data "notRows" is not a list of rows (objects)' },
    ]);
  });
});
