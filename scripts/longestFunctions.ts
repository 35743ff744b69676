/**
 * The longest functions in the named folders, longest first: `npm run functions:longest -- [--max N] [folders...]`.
 * A function's length is its lines from its first to its last, nested functions included (a
 * function holding a long callback is long too). With --max, exits 1 when any is longer.
 */
import { longestFunctions } from '../src/tools/functionLengths';

const args = process.argv.slice(2);
const maxAt = args.indexOf('--max');
const max = maxAt >= 0 ? Number(args[maxAt + 1]) : undefined;
const folders = args.filter((arg, i) => arg !== '--max' && i !== maxAt + 1 || maxAt < 0 && arg !== '--max');
const found = longestFunctions(folders.length > 0 ? folders : ['src']);
const shown = max === undefined ? found.slice(0, 20) : found.filter((f) => f.lines > max);
for (const f of shown) console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
if (max !== undefined) {
  console.log(shown.length === 0 ? `no function over ${max} lines` : `${shown.length} function(s) over ${max} lines`);
  process.exitCode = shown.length === 0 ? 0 : 1;
}
