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
  /** Only the tag manager so far: the spec's heat map and push messaging come with the packs of the countries that have them. */
  shellScripts: Array<'tagManager'>;
  offers: { tabs: Array<{ label: string; types: string[] }> };
  /** Reference data files by name, as paths from the pack's root. */
  referenceData: Record<string, string>;
}

export interface PhoneMask {
  /** `#` is a digit: `#### ####`. */
  mask: string;
  digits: number;
}

/**
 * An amount written as the country writes prices (`currency.format`).
 *
 * @example formatMoney({ code: 'EUR', symbol: '€', format: '{amount} {symbol}' }, 25) // '25.00 €'
 */
export function formatMoney(currency: CountryFile['currency'], amount: number): string {
  const fixed = amount.toFixed(currency.decimals ?? 2);
  return currency.format.replace('{symbol}', currency.symbol).replace('{amount}', fixed);
}
