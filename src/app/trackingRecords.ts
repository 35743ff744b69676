/**
 * The records the tag manager receives (spec sections 1, 3, 8 and 9), each stamped with the
 * tracking plan's and the deployment's versions, and each cleaned of personal data before it
 * leaves: nothing that reads as an e-mail, a phone or document number, or a coordinate, and no
 * value of a field named after a person's data in a provider's raw answer.
 */

/** Spec section 9: the tracking plan these records follow, and the release they come from. */
export const TRACKING_VERSION = '3.11.4';
export const DEPLOY_VERSION = '1.7.1';

export type TrackingRecord = Record<string, unknown> & { event: string };

/** What stands in for a value taken out. */
const HIDDEN = '[oculto]';

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
/** Seven digits or more, with at most one space or dash inside each group (a phone "7000 1234",
 * a national id "04644848-2"), standing alone: not inside an id made of letters and digits (a
 * sale's UUID); dates ("2026-11-26") and amounts ("39.99") have shorter runs. */
const LONG_NUMBER = /(?<![\w-])\d{3,}[ -]?\d{4,}(-\d)?(?![\w-])/g;
/** A coordinate: a decimal number with four decimals or more. */
const COORDINATE = /-?\d{1,3}\.\d{4,}/g;
/** Keys of a provider's answer whose values are a person's data, whatever they look like. */
const PERSONAL_KEY = /name|nombre|apellido|email|correo|phone|tel[eé]fono|msisdn|document|dui|nit|passport|address|direcci[oó]n|street|calle|house|casa|latitude|longitude|birth|pin|password|reference/i;

/** Text with anything that reads as personal data replaced. */
export function withoutPersonalText(text: string): string {
  return text.replace(EMAIL, HIDDEN).replace(COORDINATE, HIDDEN).replace(LONG_NUMBER, HIDDEN);
}

/** A value with its personal data taken out: texts cleaned, personal keys' values hidden. */
export function withoutPersonalData(value: unknown): unknown {
  if (typeof value === 'string') return withoutPersonalText(value);
  if (typeof value === 'number') return withoutPersonalText(String(value)) === String(value) ? value : HIDDEN;
  if (Array.isArray(value)) return value.map(withoutPersonalData);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, PERSONAL_KEY.test(key) ? HIDDEN : withoutPersonalData(v)]));
  }
  return value;
}

/** A provider's raw answer as error tracking keeps it: cleaned, as text, at most 1000 characters. */
export function rawResponseText(raw: unknown): string {
  if (raw === undefined || raw === null) return '';
  const text = typeof raw === 'string' ? withoutPersonalText(raw) : JSON.stringify(withoutPersonalData(raw));
  return text.length > 1000 ? `${text.slice(0, 999)}…` : text;
}

/** A record ready for the data layer: versions stamped, every value cleaned (its own keys are
 * the journey's and the shell's words, `product_name`, `screen_name`: only what is inside is judged). */
export function trackingRecord(record: TrackingRecord): TrackingRecord {
  const cleaned = Object.fromEntries(Object.entries(record).map(([key, value]) => [key, withoutPersonalData(value)]));
  return { ...cleaned, event: record.event, tracking_version: TRACKING_VERSION, deploy_version: DEPLOY_VERSION };
}
