import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyMask } from '../validation/phone';
import { formatRules } from '../validation/formats';
import type { ReferenceTables } from '../validation/formatRule';
import { providerClock, type ProviderClock } from './providerClock';

/** How the provider checks, compares and writes one document type's numbers. */
export interface DocumentRule {
  /** The format rule a number must pass (`src/validation/formats.ts`, by name), if any. */
  format?: string;
  /**
   * A pattern the number must match, where no format rule says it (a country made only of data:
   * an identity card of 13 digits at least); read against its digits when `digits` is set.
   */
  pattern?: string;
  /** The 400's message and code when it does not (the rule's own message by default). */
  message?: string;
  code?: string;
  /** Numbers compare by their digits (a hyphen or spaces typed or not). */
  digits?: boolean;
  /** How the provider writes the number back (`#` a digit): `########-#`. */
  mask?: string;
}

/**
 * What the sandbox plays of one country's provider besides its data: the seed's `provider.json`.
 * A country made only of data says here what the shared handlers would otherwise have to know.
 */
export interface ProviderSettings {
  /** The provider's time zone (IANA): the days, dates and offsets its answers carry. */
  timeZone: string;
  /** The money its answers are in. */
  currency: { code: string; symbol: string };
  /** Its document types, by code. */
  documents: Record<string, DocumentRule>;
  /** The type a call that takes a bare document number means. */
  defaultDocument?: string;
  /** The configuration entries `getConfigParams` answers, by `module/id`. */
  configuration: Record<string, Record<string, unknown>>;
  /** How long an order's activation runs at the provider before its status says ACTIVATED (2 s by default). */
  activationSeconds?: number;
  /**
   * The phone numbers it sends one-time codes to, as it takes them (a regular expression): 8
   * digits by default; a provider that takes them with the country's prefix says so (e.g.
   * `^5959[0-9]{8}$`: a calling code, then the mobile 9, then the 8 digits typed).
   */
  phonePattern?: string;
  /**
   * Not read from the file: the country's reference data (its country file's `referenceData`),
   * given when the sandbox starts to the document rules that read some (formatRule.ts, `reads`).
   */
  referenceTables?: ReferenceTables;
}

/** A provider whose seed says nothing: UTC, no documents of its own, no configuration. */
const PLAIN: ProviderSettings = { timeZone: 'UTC', currency: { code: 'XXX', symbol: '¤' }, documents: {}, configuration: {} };

/** A country's provider settings and its clock, checked when the sandbox starts: a bad file stops it with its name. */
export interface Provider {
  settings: ProviderSettings;
  clock: ProviderClock;
}

/**
 * A country's provider settings from its seed folder; `tables`, the country's reference data, for
 * the document rules that read some (a rule whose tables the country lacks stops the start).
 */
export function readProvider(seedDir: string, tables: ReferenceTables = {}): Provider {
  const file = join(seedDir, 'provider.json');
  const given = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<ProviderSettings>) : {};
  const settings: ProviderSettings = { ...PLAIN, ...given, referenceTables: tables };
  let clock: ProviderClock;
  try {
    clock = providerClock(settings.timeZone);
  } catch {
    throw new Error(`${file}: "${settings.timeZone}" is not a time zone (an IANA name such as "America/El_Salvador")`);
  }
  for (const [type, rule] of Object.entries(settings.documents)) {
    if (rule.format !== undefined && !formatRules[rule.format]) throw new Error(`${file}: document ${type} names the format "${rule.format}", which src/validation/formats.ts does not have`);
    const unread = (formatRules[rule.format ?? '']?.reads ?? []).filter((name) => !Object.hasOwn(tables, name));
    if (unread.length > 0) throw new Error(`${file}: document ${type}'s format "${rule.format}" reads the reference data ${unread.map((name) => `"${name}"`).join(', ')}, which the country file does not name in referenceData`);
    if (rule.pattern !== undefined && !validPattern(rule.pattern)) throw new Error(`${file}: document ${type}'s pattern "${rule.pattern}" is not a regular expression`);
  }
  if (settings.phonePattern !== undefined && !validPattern(settings.phonePattern)) throw new Error(`${file}: phonePattern "${settings.phonePattern}" is not a regular expression`);
  if (settings.defaultDocument !== undefined && !settings.documents[settings.defaultDocument]) {
    throw new Error(`${file}: defaultDocument "${settings.defaultDocument}" is not one of documents (${Object.keys(settings.documents).join(', ')})`);
  }
  return { settings, clock };
}

/** Whether the provider sends codes to this phone number as written (its `phonePattern`, else 8 digits). */
export function phoneTaken(settings: ProviderSettings, phone: string): boolean {
  return new RegExp(settings.phonePattern ?? '^[0-9]{8}$').test(phone);
}

/** A document number as the provider compares it: by its digits when the type says so, else as written, without case. */
export function documentKey(settings: ProviderSettings, type: string, number: unknown): string {
  const text = String(number ?? '').trim();
  return settings.documents[type]?.digits ? text.replace(/\D/g, '') : text.toUpperCase();
}

/** Why a document number is refused (the 400's message and code), or undefined when it passes. */
export function documentProblem(settings: ProviderSettings, type: string, number: unknown): { message: string; code: string } | undefined {
  const rule = settings.documents[type];
  if (rule?.pattern !== undefined && !new RegExp(rule.pattern).test(documentKey(settings, type, number))) {
    return { message: rule.message ?? 'El número de documento no es válido', code: rule.code ?? 'INVALID_DOCUMENT' };
  }
  const format = rule?.format === undefined ? undefined : formatRules[rule.format];
  if (!format || format.test(String(number ?? '').trim(), undefined, settings.referenceTables)) return undefined;
  return { message: rule?.message ?? format.message, code: rule?.code ?? 'INVALID_DOCUMENT' };
}

function validPattern(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** A document number as the provider writes it back (its mask, when the type has one). */
export function writtenDocument(settings: ProviderSettings, type: string, key: string): string {
  const mask = settings.documents[type]?.mask;
  return mask && key.length === mask.split('#').length - 1 ? applyMask(key, mask) : key;
}

/**
 * An amount of money as the provider's messages write it, its thousands grouped as the app writes
 * amounts in both countries: `$190.68`, `$1,079.70` (agents read these words on the screen).
 */
const AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
export const money = (settings: ProviderSettings, amount: number) => `${settings.currency.symbol}${AMOUNT.format(amount)}`;
