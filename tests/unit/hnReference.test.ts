import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { referenceChoices } from '../../src/pack/referenceChoices';

// Honduras's embedded reference data (reference/hn/, named by countries/hn.json) against the
// official list: the 18 departments with their INE codes and the number of municipalities of
// each, 298 in all (spec: country-variants.md, "Reference data embedded").

const OFFICIAL: Array<[code: string, name: string, municipalities: number]> = [
  ['01', 'Atlántida', 8],
  ['02', 'Colón', 10],
  ['03', 'Comayagua', 21],
  ['04', 'Copán', 23],
  ['05', 'Cortés', 12],
  ['06', 'Choluteca', 16],
  ['07', 'El Paraíso', 19],
  ['08', 'Francisco Morazán', 28],
  ['09', 'Gracias a Dios', 6],
  ['10', 'Intibucá', 17],
  ['11', 'Islas de la Bahía', 4],
  ['12', 'La Paz', 19],
  ['13', 'Lempira', 28],
  ['14', 'Ocotepeque', 16],
  ['15', 'Olancho', 23],
  ['16', 'Santa Bárbara', 28],
  ['17', 'Valle', 9],
  ['18', 'Yoro', 11],
];

const read = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const country = read<{ referenceData: Record<string, string> }>('countries/hn.json');
const departments = read<Array<{ code: string; name: string }>>(country.referenceData.departments as string);
const municipalities = read<Array<{ code: string; department: string; name: string }>>(country.referenceData.municipalities as string);

describe("Honduras's departments and municipalities", () => {
  it('has the 18 departments with their official codes and names', () => {
    expect(departments.map((d) => [d.code, d.name])).toEqual(OFFICIAL.map(([code, name]) => [code, name]));
  });

  it.each(OFFICIAL)('department %s (%s) has %i municipalities, numbered 01 to n after its code', (code, _name, count) => {
    const own = municipalities.filter((m) => m.department === code);
    expect(own).toHaveLength(count);
    expect(own.map((m) => m.code)).toEqual(Array.from({ length: count }, (_, i) => `${code}${String(i + 1).padStart(2, '0')}`));
    expect(new Set(own.map((m) => m.name)).size).toBe(count);
  });

  it('has 298 municipalities in all, each of a listed department', () => {
    expect(municipalities).toHaveLength(298);
    const codes = new Set(departments.map((d) => d.code));
    expect(municipalities.filter((m) => !codes.has(m.department))).toEqual([]);
  });

  it("offers a department's municipalities in the address select, its head town first", () => {
    const choices = referenceChoices(municipalities, { data: 'municipalities', value: 'code', label: 'name', where: { department: '/form/department' } }, { department: '08' });
    expect(choices).toHaveLength(28);
    expect(choices?.[0]).toEqual({ value: '0801', label: 'Distrito Central' });
  });
});
