import { parseData } from '../database';
import type { Handler } from '../handler';

/** An entry that has a `schedule` gets the seeded booking window in it. */
function withSchedule(entry: Record<string, unknown> | undefined, schedule: { leadDays?: number; horizonDays?: number } | undefined) {
  if (!entry || !('schedule' in entry)) return entry;
  return { ...entry, schedule: { leadDays: schedule?.leadDays, horizonDays: schedule?.horizonDays } };
}

/**
 * Configuration parameters (spec 3: "a config object (including a flag named cxiFlow)").
 *
 * Where the spec is silent: the entries are the seed's (`provider.json`, `configuration` by
 * `module/id`: SV's `d2d/config` has `cxiFlow: false` and section 9's constants), and an entry
 * with a `schedule` gets the booking window of the seeded schedule. A `settings` row keyed
 * `content:<module>/<id>` (JSON) adds or replaces an entry, so a trainer can switch `cxiFlow`
 * without a code change. Any other module or id is the 404 'No hay resultados'. `updatedAt` is
 * when the database was seeded (or the setting's own `updatedAt`).
 */
export const contentHandlers: Record<string, Handler> = {
  getConfigParams: ({ db, params, provider, clock }) => {
    const key = `${params.module}/${params.id}`;
    const stored = parseData<Record<string, unknown>>(db.prepare('select data from settings where key = ?').get(`content:${key}`));
    const configuration = stored ?? withSchedule(provider.configuration[key], parseData(db.prepare("select data from settings where key = 'schedule'").get()));
    if (!configuration) return { status: 404, body: { error: { message: 'No hay resultados' } } };
    const seeded = db.prepare("select value from meta where key = 'seeded'").get() as { value: string } | undefined;
    const updatedAt = typeof stored?.updatedAt === 'string' ? stored.updatedAt : clock.dateTime(seeded ? new Date(seeded.value) : new Date(0));
    const { updatedAt: _omit, ...rest } = configuration;
    void _omit;
    return { body: { data: [{ id: 1, attributes: { module: params.module, updatedAt, configuration: { cxiFlow: false, ...rest } } }] } };
  },
};
