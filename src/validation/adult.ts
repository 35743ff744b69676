// Where tests/unit/sandboxSeed.test.ts imports it from; the rule lives in rules/adult.ts (remove once that test imports it there).
export { adult } from './rules/adult';
