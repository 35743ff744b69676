import { describe, expect, it } from 'vitest';
import { rowText } from '../../src/screens/rowText';

describe('rowText: a row written by a step file template', () => {
  it.each([
    ['{id} · {cliFirstName} {cliFirstLastName}', { id: 'L-1502', cliFirstName: 'Óscar', cliFirstLastName: 'Reyes' }, 'L-1502 · Óscar Reyes'],
    ['{address} · Contrato {contractId}', { address: 'Col. Kennedy', contractId: 'C-5001' }, 'Col. Kennedy · Contrato C-5001'],
    // A missing value leaves no dangling separator or double space.
    ['{address} · Contrato {contractId}', { contractId: 'C-5001' }, 'Contrato C-5001'],
    ['{id} · {cliFirstName} {cliSecondName} {cliFirstLastName}', { id: 'L-1', cliFirstName: 'Ana', cliFirstLastName: 'Pérez' }, 'L-1 · Ana Pérez'],
    ['{amount}', { amount: 1250.5 }, '1250.5'],
    ['{nested}', { nested: { a: 1 } }, ''],
    ['{priceList/0/value} al mes', { priceList: [{ value: 35.99 }] }, '35.99 al mes'],
  ])('%s with %j is "%s"', (template, row, text) => {
    expect(rowText(template, row)).toBe(text);
  });

  it('writes a number marked |money with the country\'s currency', () => {
    const dollars = (amount: number) => `$${amount.toFixed(2)}`;
    expect(rowText('{name} · {priceList/0/value|money} al mes', { name: 'Doble Play', priceList: [{ value: 35.99 }] }, dollars)).toBe('Doble Play · $35.99 al mes');
    expect(rowText('{priceList/0/value|money}', { priceList: [] }, dollars)).toBe('');
  });
});
