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
  ])('%s with %j is "%s"', (template, row, text) => {
    expect(rowText(template, row)).toBe(text);
  });
});
