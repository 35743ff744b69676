import { dateWithKeyword } from './dateWith';
import { keywordFormats } from './formats';

/**
 * The project's keywords as ajv macro definitions: `"adult": true` stands for the
 * `adult-birth-date` format, `"notFuture": true` for `past-date`. Macros expand when a schema is
 * compiled, so precompiled validators need nothing of them at run time.
 */
export const keywordDefinitions = [
  ...Object.entries(keywordFormats).map(([keyword, format]) => ({
    keyword,
    macro: () => ({ format }),
    metaSchema: { const: true },
  })),
  // A date in three fields, checked together (dateWith.ts).
  dateWithKeyword,
];
