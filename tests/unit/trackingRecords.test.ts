import { describe, expect, it } from 'vitest';
import { rawResponseText, trackingRecord, withoutPersonalText } from '../../src/app/trackingRecords';

// What leaves for the tag manager: the spec's versions on every record, and no personal data
// in it whatever a journey or a provider puts there.
describe('tracking records', () => {
  it('stamp the tracking and deploy versions of spec section 9 on every record', () => {
    expect(trackingRecord({ event: 'journey_step', step: 'login' })).toEqual({ event: 'journey_step', step: 'login', tracking_version: '3.11.4', deploy_version: '1.7.1' });
  });

  it('keep lead ids, sale ids, plans, prices, dates and slots as they are', () => {
    const record = { event: 'agent_tracking', lead_id: 'L-2001', contract_id: '2f4cfd10-c552-4c1b-bc66-66eb12345678', other_id: '12345678-1234-4234-8234-123456789012', product_name: 'Internet Hogar 50 Mbps', price: 39.99, visit_date: '2026-12-01', visit_time: 'AM', months: 12 };
    expect(trackingRecord(record)).toMatchObject(record);
  });

  it('hide e-mails, phones, document numbers and coordinates in any text', () => {
    expect(withoutPersonalText('el número 7000 1234 ya existe')).toBe('el número [oculto] ya existe');
    expect(withoutPersonalText('DUI 04644848-2 y 046448482, correo ana.perez@example.com')).toBe('DUI [oculto] y [oculto], correo [oculto]');
    expect(withoutPersonalText('punto 13.697366,-89.192282')).toBe('punto [oculto],[oculto]');
    expect(trackingRecord({ event: 'x', latitude: 13.697366 })).toMatchObject({ latitude: '[oculto]' });
  });

  it("hide the values of a raw answer's personal fields, and cut it to 1000 characters", () => {
    const raw = { errors: [{ code: 'BAD', message: 'Dato inválido' }], cliFirstName: 'Ana', actAddress: { street: 'Calle Arce' }, note: 'x'.repeat(2000) };
    const text = rawResponseText(raw);
    expect(text).toContain('"code":"BAD"');
    expect(text).toContain('"cliFirstName":"[oculto]"');
    expect(text).toContain('"actAddress":"[oculto]"');
    expect(text).not.toContain('Ana');
    expect(text).toHaveLength(1000);
    expect(rawResponseText(undefined)).toBe('');
  });
});
