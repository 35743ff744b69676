/**
 * A country's reference data as a rule reads it: each table the country file names in its
 * `referenceData` (`"departments": "reference/gt/departments.json"`), by that name, as its rows.
 */
export type ReferenceTables = Readonly<Record<string, readonly unknown[]>>;

/**
 * A validation rule that checks one text field: the ajv format name it is registered under,
 * the Spanish message shown when it fails, and the test. Rules are plain functions so that the
 * screens (through precompiled ajv validators), the engine (the `valid` guard) and the sandbox
 * check data the same way. A rule is an export of a module of rules/ (any country's steps may
 * name it) or of countries/<cc>.ts (one country's own), where the registry finds it (formats.ts).
 *
 * A rule may read the country's reference data rather than hold a copy of it: it names the
 * tables it `reads` (names of the country file's `referenceData`), and its test is given them,
 * those of the country whose data it checks: a precompiled step validator imports that pack's
 * files (src/build/compileSteps.ts), Node code binds them (`formatFunctions`, formats.ts), and
 * `journeys:check` says where a step names such a rule in a country whose file lacks a table.
 */
export interface FormatRule {
  format: string;
  message: string;
  /** The reference data the test reads, by its name in the country file's `referenceData`. */
  reads?: readonly string[];
  /**
   * A value the rule accepts, as its country writes it: the step preview's sample for a field of
   * this format (src/studio/sampleData.ts), where no shared candidate fits a country's own rule.
   */
  example?: string;
  /**
   * `now` is the moment date rules measure from (tests pass a fixed one); `tables` the country's
   * reference data, each table the rule `reads` (a rule that reads none is never given any).
   */
  test: (value: string, now?: Date, tables?: ReferenceTables) => boolean;
}

/**
 * One table a rule reads, from the tables it was given: a rule called without the country's data
 * it needs is a mistake of the code that called it, said in plain words (never a silent pass).
 *
 * @example tableOf({ departments: [{ code: '01' }] }, 'departments', 'dpi') // [{ code: '01' }]
 */
export function tableOf(tables: ReferenceTables | undefined, name: string, format: string): readonly unknown[] {
  const rows = tables?.[name];
  if (!Array.isArray(rows)) throw new Error(`the rule "${format}" reads the reference data "${name}", which it was not given: bind the country's reference data (formatFunctions in src/validation/formats.ts)`);
  return rows;
}
