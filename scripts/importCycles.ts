/**
 * `npm run lint`'s check for import cycles (src/tools/importCycles.ts) over what ESLint lints:
 * prints each circle's files and exits 1 when there is one.
 */
import { importCycles } from '../src/tools/importCycles';
import { typeScriptFiles } from '../src/tools/typeScriptFiles';

// tests/fixtures/lint/ breaks the rules on purpose (tests/unit/layers.test.ts), as in eslint.config.js.
const files = ['src', 'tests', 'scripts'].flatMap((folder) => typeScriptFiles(folder, ['tests/fixtures/lint']));
const cycles = importCycles(files);
for (const cycle of cycles) console.error(`these files import one another in a circle (a value import, not \`import type\`): ${cycle.join(', ')}`);
if (cycles.length === 0) console.log(`${files.length} file(s): no import goes in a circle`);
process.exitCode = cycles.length === 0 ? 0 : 1;
