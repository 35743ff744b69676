// Where tests/unit/sandboxSeed.test.ts imports it from; the rule lives in countries/sv.ts (remove once that test imports it there).
export { dui } from './countries/sv';
