/** A country file (`countries/<cc>.json`); `schemas/country.schema.json` is authoritative. */
export interface CountryFile {
  $schema: string;
  /** The two-letter code in capitals: the journey's `meta.country`. */
  country: string;
  name: string;
  /** Numbers and dates are written for it: a BCP 47 tag, language and country (`es-` and the country code). */
  locale: string;
  appTitle: string;
  currency: { code: string; symbol: string; format: string; decimals?: number };
  callingCode: string;
  phoneMasks: Record<string, PhoneMask> & { default: PhoneMask };
  documents: { types: Array<{ code: string; label: string; length?: number }>; default: string };
  images: { idPhotoMB: number; documentMB: number; longestSide: { phone: number; other: number } };
  map: { center: { latitude: number; longitude: number }; zoom: number };
  sidebar: Array<{ label: string; event: string }>;
  entry: 'public' | 'signIn';
  signedCalls: boolean;
  /** The scripts the shell starts, each off unless listed (and, for a third party's, unless the build has its key): src/build/shellScripts.ts. */
  shellScripts: ShellScript[];
  offers: { tabs: Array<{ label: string; types: string[] }> };
  /** Reference data files by name, as paths from the pack's root. */
  referenceData: Record<string, string>;
}

/** A script the shell may start: the tag manager, the heat map, push and content-card messaging, the service worker. */
export type ShellScript = 'tagManager' | 'heatMap' | 'push' | 'serviceWorker';

export interface PhoneMask {
  /** `#` is a digit: `#### ####`. */
  mask: string;
  digits: number;
}

/** One number format per locale and number of decimals: making one costs more than writing with it. */
const amountFormats = new Map<string, Intl.NumberFormat>();

function amountFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale} ${decimals}`;
  let format = amountFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      // Grouped from four digits on in every locale: CLDR's Spanish of Spain (and `es` alone,
      // where an unknown region falls back) groups from five (minimumGroupingDigits 2: "1150,00").
      useGrouping: 'always',
      // An amount that rounds to zero has no sign ("-0.00" is not an amount).
      signDisplay: 'negative',
    });
    amountFormats.set(key, format);
  }
  return format;
}

/**
 * An amount written as the country writes prices: its digits grouped and its decimals as the
 * country file's `locale` writes numbers, in its `currency.format`; a negative amount's sign
 * goes before the whole, symbol included. Every amount shown to people is written by this.
 *
 * @example formatMoney({ locale: 'es-ES', currency: { code: 'EUR', symbol: '€', format: '{amount} {symbol}' } }, -1150.5) // '-1.150,50 €'
 */
export function formatMoney(country: Pick<CountryFile, 'locale' | 'currency'>, amount: number): string {
  const { currency } = country;
  const parts = amountFormat(country.locale, currency.decimals ?? 2).formatToParts(amount);
  const sign = parts.filter((part) => part.type === 'minusSign').map((part) => part.value).join('');
  const digits = parts.filter((part) => part.type !== 'minusSign').map((part) => part.value).join('');
  // Replaced by functions: a symbol is written as it is, never read as a replacement pattern.
  return sign + currency.format.replace('{symbol}', () => currency.symbol).replace('{amount}', () => digits);
}
