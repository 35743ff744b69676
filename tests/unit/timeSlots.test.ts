import { describe, expect, it } from 'vitest';
import { periodOf } from '../../src/screens/widgets/TimeSlotsWidget';

// Spec 4: a slot is the morning (AM) before 12:00 and the afternoon (PM) from 12:00 on.
describe('the period of a time slot', () => {
  it.each([
    ['00:00', 'AM'],
    ['08:00', 'AM'],
    ['11:59', 'AM'],
    ['12:00', 'PM'],
    ['13:30', 'PM'],
    ['23:00', 'PM'],
  ])('%s is %s', (hour, period) => expect(periodOf(hour)).toBe(period));

  it('has none for an hour it cannot read', () => {
    expect(periodOf(undefined)).toBeUndefined();
    expect(periodOf('mañana')).toBeUndefined();
  });
});
