import { currency, locale } from 'virtual:country';
import { formatMoney } from '../pack/countryFile';

/**
 * An amount as the country the app is built for writes it (its country file's `locale` and
 * `currency`: formatMoney): what every screen shows money with (a single value, a read-only
 * field, a list's `|money`, a summary line, the offers).
 */
export const money = (amount: number): string => formatMoney({ locale, currency }, amount);
