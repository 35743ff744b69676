import { relative, sep } from 'node:path';
import { checkPacks } from '../../src/checker/checkPacks';
import { formatProblem } from '../../src/checker/problem';

/**
 * What `npm run journeys:check [files]` prints and its exit status, checked in the test's process
 * by what the command runs (checkPacks, its lines printed as the command prints them) with the
 * packs at `packDir`, its files named from there as the command run in that folder names them. A
 * process per fixture of the checker's tables was six of CI's minutes, nearly all of it starting
 * tsx again; each table's first fixture still runs the real command.
 */
export function checkInProcess(packDir: string, files: string[] = []): { stdout: string; stderr: string; status: number } {
  const packs = relative(process.cwd(), packDir) || '.';
  const prefix = packs === '.' ? '' : packs + sep;
  const strip = (text: string) => (prefix ? text.replaceAll(prefix, '') : text);
  const { problems } = checkPacks(packs, files);
  const lines = problems.map((p) => formatProblem({ ...p, file: strip(p.file), message: strip(p.message) }));
  const count = new Set(problems.map((p) => p.file)).size;
  return { stdout: lines.map((line) => `${line}\n`).join(''), stderr: problems.length > 0 ? `${problems.length} problem(s) in ${count} file(s).` : '', status: problems.length > 0 ? 1 : 0 };
}
