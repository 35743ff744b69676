import { parseData, type SandboxDb } from '../database';
import type { Handler } from '../handler';
import { svDateTime } from './fieldServices';

/**
 * The configuration entries the sandbox knows, by `module/id`, built from section 9's constants
 * and the seeded `schedule` setting. The spec names only `cxiFlow`; the other keys are the
 * sandbox's own (the configuration is open).
 */
function knownConfigurations(db: SandboxDb): Record<string, Record<string, unknown>> {
  const schedule = parseData<{ leadDays?: number; horizonDays?: number }>(db.prepare("select data from settings where key = 'schedule'").get()) ?? {};
  const d2d = {
    cxiFlow: false,
    country: 'SV',
    callingCode: '503',
    currency: 'USD',
    map: { latitude: 13.697366, longitude: -89.192282, zoom: 12.5 },
    monthsContract: [0, 3, 6, 12, 18, 24],
    defaultOrderType: 'Instalation',
    defaultFlow: 'O',
    idExtractionRetries: 3,
    rearFrontMaxEditDistance: 2,
    otpLength: 6,
    imageMaxMb: { id: 2, document: 0.5 },
    schedule: { leadDays: schedule.leadDays, horizonDays: schedule.horizonDays },
  };
  return { 'd2d/config': d2d };
}

/**
 * Configuration parameters (spec 3: "a config object (including a flag named cxiFlow)").
 *
 * Where the spec is silent: the sandbox knows one entry, module `d2d`, id `config` (the spec's
 * example): `cxiFlow: false` and section 9's constants. A `settings` row keyed
 * `content:<module>/<id>` (JSON) adds or replaces an entry, so a trainer can switch `cxiFlow`
 * without a code change. Any other module or id is the 404 'No hay resultados'. `updatedAt` is
 * when the database was seeded (or the setting's own `updatedAt`).
 */
export const contentHandlers: Record<string, Handler> = {
  getConfigParams: ({ db, params }) => {
    const key = `${params.module}/${params.id}`;
    const stored = parseData<Record<string, unknown>>(db.prepare('select data from settings where key = ?').get(`content:${key}`));
    const configuration = stored ?? knownConfigurations(db)[key];
    if (!configuration) return { status: 404, body: { error: { message: 'No hay resultados' } } };
    const seeded = db.prepare("select value from meta where key = 'seeded'").get() as { value: string } | undefined;
    const updatedAt = typeof stored?.updatedAt === 'string' ? stored.updatedAt : svDateTime(seeded ? new Date(seeded.value) : new Date(0));
    const { updatedAt: _omit, ...rest } = configuration;
    void _omit;
    return { body: { data: [{ id: 1, attributes: { module: params.module, updatedAt, configuration: { cxiFlow: false, ...rest } } }] } };
  },
};
