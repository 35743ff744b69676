/**
 * The provider's local time, as its answers write it: the calendar day, and date-times with the
 * offset of the country's time zone at that moment (an IANA name from the seed's `provider.json`,
 * so a country with daylight saving time gets the right offset each season).
 */
export interface ProviderClock {
  /** The calendar day there at a moment, `YYYY-MM-DD`. */
  day(moment: Date): string;
  /** A moment in local time with its offset, `2026-11-18T09:30:00-06:00`. */
  dateTime(moment: Date): string;
  /** The offset there at a moment, `-06:00`. */
  offset(moment: Date): string;
}

/** A clock for a time zone; an unknown name throws (the sandbox refuses to start on it). */
export function providerClock(timeZone: string): ProviderClock {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
  const parts = (moment: Date) => Object.fromEntries(format.formatToParts(moment).map((part) => [part.type, part.value]));
  // `GMT-06:00`, or `GMT` alone where the offset is zero.
  const offsetOf = (name: string | undefined) => (name && name !== 'GMT' ? name.replace('GMT', '') : '+00:00');
  return {
    day: (moment) => {
      const p = parts(moment);
      return `${p.year}-${p.month}-${p.day}`;
    },
    dateTime: (moment) => {
      const p = parts(moment);
      return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offsetOf(p.timeZoneName)}`;
    },
    offset: (moment) => offsetOf(parts(moment).timeZoneName),
  };
}
