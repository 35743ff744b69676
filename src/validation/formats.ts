import { addressReference } from './addressReference';
import { adult, notFuture } from './adult';
import { dateDmy } from './dateDmy';
import { digits } from './digits';
import { dui } from './dui';
import { email, emailTld5, emailTyping } from './email';
import { isoDate } from './isoDate';
import type { FormatRule } from './formatRule';
import { nit } from './nit';
import { otp } from './otp';
import { personName } from './personName';
import { phones } from './phone';

/** Every format a step schema may name, by its ajv format name (a registry, so one map). */
export const formatRules: Record<string, FormatRule> = Object.fromEntries(
  [dui, nit, email, emailTld5, emailTyping, ...phones, digits, personName, addressReference, dateDmy, isoDate, adult, notFuture, otp].map((rule) => [
    rule.format,
    rule,
  ]),
);

/** The same rules as ajv format functions: what precompiled validators import and call. */
export const ajvFormats: Record<string, (value: string) => boolean> = Object.fromEntries(
  Object.values(formatRules).map((rule) => [rule.format, (value: string) => rule.test(value)]),
);

/**
 * Keywords a step schema may use besides JSON Schema's own: each stands for a format, so a
 * field can say `"format": "date-dmy", "adult": true, "notFuture": true`.
 */
export const keywordFormats: Record<string, string> = {
  adult: adult.format,
  notFuture: notFuture.format,
};
