// Where tests/unit/sandboxSeed.test.ts imports it from; the rule lives in rules/dateDmy.ts (remove once that test imports it there).
export { parseDmy } from './rules/dateDmy';
