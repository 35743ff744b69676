/**
 * `npm run functions:longest -- [--max N] [folders...]`: the longest functions in the folders
 * (src by default), longest first (src/tools/functionLengths.ts). Without --max, the 20 longest;
 * with it, every one over N lines, and exit 1 when there is any.
 */
import { longestFunctions } from '../src/tools/functionLengths';

const args = process.argv.slice(2);
const maxAt = args.indexOf('--max');
const max = maxAt >= 0 ? Number(args[maxAt + 1]) : undefined;
if (max !== undefined && !Number.isInteger(max)) {
  console.error('usage: npm run functions:longest -- [--max <lines>] [folders...]');
  process.exit(2);
}
const folders = args.filter((_, i) => maxAt < 0 || (i !== maxAt && i !== maxAt + 1));
const found = longestFunctions(folders.length > 0 ? folders : ['src']);
const shown = max === undefined ? found.slice(0, 20) : found.filter((f) => f.lines > max);
for (const f of shown) console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
if (max !== undefined) {
  console.log(shown.length === 0 ? `no function over ${max} lines in ${folders.join(', ') || 'src'}` : `${shown.length} function(s) over ${max} lines`);
  process.exitCode = shown.length === 0 ? 0 : 1;
}
