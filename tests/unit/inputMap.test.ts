import { describe, expect, it } from 'vitest';
import { evaluateInputMap, fillSessionValues } from '../../src/runtime/inputMap';

const context = {
  sale: {
    saleId: 'S-1',
    selection: { A: { type: 'Bundle', priceList: [{ value: 10.005, taxAmount: '1.1' }] }, B: { priceList: [{ value: 5 }] } },
    contract: { phone: '70001234', secondaryPhone: '', refNameA: 'Luis', refPhoneA: '7000', refPhoneB: '7001' },
    checkout: { monthsContract: '12' },
    address: { city: 'San Salvador' },
  },
};
const scope = { context, event: { type: 'step.submit', data: { code: '123456' } } };

describe('input maps', () => {
  it('read pointers and constants, and leave out what is missing or null', () => {
    expect(evaluateInputMap({ to: '/context/sale/contract/phone', channel: { value: 'sms' }, code: '/event/data/code', gone: '/context/sale/nothing', none: { value: null } }, scope)).toEqual({
      to: '70001234',
      channel: 'sms',
      code: '123456',
    });
  });

  it('build objects only when asked for, and lists without empty entries', () => {
    const request = evaluateInputMap(
      {
        phones: { list: ['/context/sale/contract/phone', '/context/sale/contract/secondaryPhone', '/context/sale/nothing'] },
        refs: {
          list: [
            { object: { refName: '/context/sale/contract/refNameA', refPhone: '/context/sale/contract/refPhoneA' }, when: '/context/sale/contract/refNameA' },
            { object: { refName: '/context/sale/contract/refNameB', refPhone: '/context/sale/contract/refPhoneB' }, when: '/context/sale/contract/refNameB' },
          ],
        },
      },
      scope,
    );
    expect(request).toEqual({ phones: ['70001234'], refs: [{ refName: 'Luis', refPhone: '7000' }] });
  });

  it('turn entries into objects, sum them to the cent, take the first, fall back, merge and read numbers from text', () => {
    const request = evaluateInputMap(
      {
        productList: { entries: '/context/sale/selection', keyAs: 'product' },
        attachments: { entries: '/context/sale/address', with: { action: { value: 'A' } }, keyAs: 'label', valueAs: 'location' },
        amount: { sum: '/context/sale/selection', of: '/priceList/0/value' },
        taxes: { sum: '/context/sale/selection', of: '/priceList/0/taxAmount' },
        type: { either: [{ first: '/context/sale/selection', of: '/type' }, { value: 'Single' }] },
        missingType: { either: [{ first: '/context/sale/nothing', of: '/type' }, { value: 'Single' }] },
        address: { merge: ['/context/sale/address', { object: { telephone: '/context/sale/contract/phone' } }] },
        months: { number: '/context/sale/checkout/monthsContract' },
      },
      scope,
    );
    expect(request).toEqual({
      productList: [{ product: 'A' }, { product: 'B' }],
      attachments: [{ action: 'A', label: 'city', location: 'San Salvador' }],
      amount: 15.01,
      taxes: 1.1,
      type: 'Bundle',
      missingType: 'Single',
      address: { city: 'San Salvador', telephone: '70001234' },
      months: 12,
    });
  });

  it('take the row the agent chose from a list the provider answered, by its id, and nothing when no row or no id matches', () => {
    const found = { context: { found: [{ id: 'A-1', latitude: 14.6 }, { id: 'A-2', latitude: 14.7 }] }, event: { type: 'address.choose', id: 'A-2' } };
    const chosen = (id: unknown) => evaluateInputMap({ latitude: { first: '/context/found', where: { id: '/event/id' }, of: '/latitude' } }, { ...found, event: { type: 'address.choose', id } });
    expect(chosen('A-2')).toEqual({ latitude: 14.7 });
    expect(chosen('A-9')).toEqual({});
    // An event without the id matches no row: never the first one.
    expect(chosen(undefined)).toEqual({});
  });

  it('join values into one text (a date asked in three fields), or leave the key out when one is missing', () => {
    const dates = { context: { review: { day: '05', month: '03', year: '1990' }, partial: { day: '05', year: '1990' } } };
    expect(evaluateInputMap({ born: { join: ['/context/review/day', '/context/review/month', '/context/review/year'], separator: '/' } }, dates)).toEqual({ born: '05/03/1990' });
    expect(evaluateInputMap({ code: { join: [{ value: 'HN' }, '/context/review/year'] } }, dates)).toEqual({ code: 'HN1990' });
    expect(evaluateInputMap({ born: { join: ['/context/partial/day', '/context/partial/month', '/context/partial/year'], separator: '/' } }, dates)).toEqual({});
  });

  it('give the time of the request and an Idempotency-Key from the sale, or from the request without one', () => {
    const now = () => new Date('2026-11-23T10:00:00Z');
    expect(evaluateInputMap({ requestDate: { now: 'iso' }, key: { idempotencyKey: '/context/sale/saleId' } }, scope, { now })).toEqual({ requestDate: '2026-11-23T10:00:00.000Z', key: 'S-1' });
    const a = evaluateInputMap({ key: { idempotencyKey: '/context/nothing' }, to: '/context/sale/contract/phone' }, scope);
    const b = evaluateInputMap({ key: { idempotencyKey: '/context/nothing' }, to: '/context/sale/contract/phone' }, scope);
    expect(a.key).toMatch(/^request-/);
    expect(a.key).toBe(b.key);
  });

  it('leave session values to the api layer, which fills them and nothing else (a file stays a file)', () => {
    const request = evaluateInputMap({ pin: { session: 'sealedPin' }, nested: { object: { vendPass: { session: 'sealedPin' } } } }, scope);
    expect(JSON.stringify(request)).not.toContain('SEALED');
    const file = new Blob(['x']);
    const filled = fillSessionValues({ ...request, files: [{ field: 'file', blob: file, name: 'a.png' }] }, { sealedPin: 'SEALED' });
    expect(filled).toMatchObject({ pin: 'SEALED', nested: { vendPass: 'SEALED' } });
    expect(filled.files[0]?.blob).toBe(file);
    expect(fillSessionValues(request, {})).toMatchObject({ pin: '' });
  });
});
