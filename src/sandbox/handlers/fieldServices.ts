import { parseData, type SandboxDb } from '../database';
import type { Handler, HandlerAnswer } from '../handler';
import type { ProviderClock } from '../providerClock';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day `days` after an ISO date. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** `schedule.json` as the `schedule` setting holds it. */
export interface Schedule {
  timeSlots: Array<{ slot: 'AM' | 'PM'; hour: string }>;
  unavailable: Array<{ from: string; to: string; reason: string }>;
  leadDays: number;
  horizonDays: number;
  weekdaysOnly: boolean;
}

function loadSchedule(db: SandboxDb): Schedule {
  const schedule = parseData<Partial<Schedule>>(db.prepare("select data from settings where key = 'schedule'").get()) ?? {};
  return { timeSlots: [], unavailable: [], leadDays: 0, horizonDays: 0, weekdaysOnly: false, ...schedule };
}

/** The provider's offset on a day (at noon: daylight saving time changes at night). */
const offsetOn = (clock: ProviderClock, day: string) => clock.offset(new Date(`${day}T12:00:00Z`));

const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
const closure = (schedule: Schedule, day: string) => schedule.unavailable.find((w) => w.from <= day && day <= w.to);

/** The window without installers (`schedule.json` `unavailable`) a day falls in, if any. */
export const closureOn = (db: SandboxDb, day: string) => closure(loadSchedule(db), day);

/** The booking window: from `leadDays` to `horizonDays` days after today (the provider's time). */
function windowOf(schedule: Schedule, today: string) {
  return { first: addDays(today, schedule.leadDays), last: addDays(today, schedule.horizonDays) };
}

/** Whether installers can come on a day: in the window, not in a closure, not a weekend when weekdays only. */
function bookable(schedule: Schedule, today: string, day: string): boolean {
  const { first, last } = windowOf(schedule, today);
  return day >= first && day <= last && !closure(schedule, day) && !(schedule.weekdaysOnly && isWeekend(day));
}

const noAvailability = (detail?: string): HandlerAnswer => ({
  status: 404,
  body: { error: { message: detail ? `No hay disponibilidad: ${detail}` : 'No hay disponibilidad' } },
});

/**
 * The installation visit (`schedule.json` → the `schedule` setting), on the provider's clock
 * (its time zone: `provider.json`).
 *
 * scheduleDates: every bookable day from today + `leadDays` to today + `horizonDays`, skipping
 * the `unavailable` windows (and weekends when `weekdaysOnly`). The optional `workingDate` is the
 * first day to search from. Where the spec is silent: a `workingDate` inside an unavailable
 * window is the no-availability 404 (the agent asked for a day with no crews), and so is a
 * search with no day left (a `workingDate` past the horizon). `orderType` and `node` do not
 * change the answer: every node shares the seeded crews.
 *
 * getTimeSlots: the seeded slots of `requestDate` as `OptionalAppointments`, each with
 * `startDateTime` at the provider's offset on that day and `slot` (AM before 12:00, PM after, from the hour).
 * A day that is not bookable (outside the window, in a closure, a weekend when weekdays only)
 * has no slots: an empty list, as the spec's "a full day" example.
 *
 * fieldServicesCosts (not itemized by the spec): the installation visit costs the lowest
 * installation charge without contract (months 0) of the catalogue's `activation_costs`; a
 * technical visit costs a flat 10.00 (the spec's example; the seed has no figure for it), in the
 * provider's currency.
 */
export const fieldServicesHandlers: Record<string, Handler> = {
  scheduleDates: ({ db, body, now, clock }) => {
    const schedule = loadSchedule(db);
    const today = clock.day(now);
    const { first, last } = windowOf(schedule, today);
    const workingDate = typeof body.workingDate === 'string' ? body.workingDate : undefined;
    const closed = workingDate && closure(schedule, workingDate);
    if (closed) return noAvailability(closed.reason);
    const dates: string[] = [];
    for (let day = workingDate && workingDate > first ? workingDate : first; day <= last; day = addDays(day, 1)) {
      if (bookable(schedule, today, day)) dates.push(day);
    }
    return dates.length > 0 ? { body: { dates } } : noAvailability();
  },
  getTimeSlots: ({ db, query, now, clock }) => {
    const schedule = loadSchedule(db);
    const date = String(query.requestDate);
    const offset = offsetOn(clock, date);
    const slots = bookable(schedule, clock.day(now), date)
      ? [...schedule.timeSlots]
          .sort((a, b) => a.hour.localeCompare(b.hour))
          .map(({ hour }) => ({ startDateTime: `${date}T${hour}:00${offset}`, date, hour, slot: hour < '12:00' ? 'AM' : 'PM' }))
      : [];
    return { body: { OptionalAppointments: slots } };
  },
  fieldServicesCosts: ({ db, provider }) => {
    const installation = db.prepare('select min(cost) as cost from activation_costs where months = 0').get() as { cost: number | null };
    const currency = provider.currency.code;
    const costs = [
      ...(installation.cost === null ? [] : [{ orderType: 'Instalation', description: 'Instalación de servicios residenciales', amount: installation.cost, currency }]),
      { orderType: 'Visita', description: 'Visita técnica', amount: 10, currency },
    ];
    return { body: { costs } };
  },
};
