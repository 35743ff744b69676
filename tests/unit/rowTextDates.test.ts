import { describe, expect, it } from 'vitest';
import { rowText } from '../../src/screens/rowText';

// Issue 30, point 8: the open-order screen names the order with the day it was made
// ("Creada el {createdAt|date}"): the provider's date-time written as its own calendar day.

describe('rowText: |date and the parts of a template with nothing to say', () => {
  it.each([
    ['2026-11-20T09:00:00-06:00', '20/11/2026'],
    // The provider's own day, whatever the device's time zone: 23:30 in Tegucigalpa is the 20th.
    ['2026-11-20T23:30:00-06:00', '20/11/2026'],
    ['2026-11-20T15:00:00Z', '20/11/2026'],
    ['2026-11-20', '20/11/2026'],
    // Not a date: written as it is.
    ['ayer', 'ayer'],
    ['2026-13-01', '2026-13-01'],
  ])('writes %s as %s', (createdAt, day) => {
    expect(rowText('{createdAt|date}', { createdAt })).toBe(day);
  });

  it('leaves out a part between " · " whose values are all missing, with its words', () => {
    expect(rowText('Solicitud {orderId} · Creada el {createdAt|date}', { orderId: 'L-1001' })).toBe('Solicitud L-1001');
    expect(rowText('Creada el {createdAt|date}', { orderId: 'L-1001' })).toBe('');
    expect(rowText('{address} · Contrato {contractId}', { address: 'Col. Kennedy' })).toBe('Col. Kennedy');
    expect(rowText('{a} · Plan {plan} · {b}', { a: 'A', b: 'B' })).toBe('A · B');
  });

  it('writes |money with the function it is given, and a number as it is without one', () => {
    const lempiras = (amount: number) => `L ${amount.toLocaleString('en', { minimumFractionDigits: 2 })}`;
    expect(rowText('{value|money} al mes', { value: 1150 }, lempiras)).toBe('L 1,150.00 al mes');
    expect(rowText('{value|money}', { value: 1150 })).toBe('1150');
  });
});
