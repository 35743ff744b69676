/**
 * A validation rule that checks one text field: the ajv format name it is registered under,
 * the Spanish message shown when it fails, and the test. Rules are plain functions so that the
 * screens (through precompiled ajv validators), the engine (the `valid` guard) and the sandbox
 * check data the same way. A rule is an export of a module of rules/ (any country's steps may
 * name it) or of countries/<cc>.ts (one country's own), where the registry finds it (formats.ts).
 */
export interface FormatRule {
  format: string;
  message: string;
  /** `now` is the moment date rules measure from (tests pass a fixed one). */
  test: (value: string, now?: Date) => boolean;
}
