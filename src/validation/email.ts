// Where tests/unit/sandboxSeed.test.ts imports it from; the rule lives in rules/email.ts (remove once that test imports it there).
export { email } from './rules/email';
