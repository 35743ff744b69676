import { spawnSync } from 'node:child_process';
import { basename, dirname, resolve } from 'node:path';

/** A file as the last commit has it, or why it cannot be had, in words a product owner can act on. */
type CommittedText = { text: string; name: string } | { error: string };

const git = (dir: string, args: string[]) => spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/**
 * The file as it is in the last commit of the git checkout it is in (`git show HEAD:<file>`, the
 * path taken from the file's own folder, so a journeys folder anywhere in a checkout works), for
 * `journeys:diff -- <cc>` and the studio's diff to compare the file as it is now with.
 *
 * @example lastCommitText('journeys/cc.json') // { text: '{ "id": "cc", ...', name: 'journeys/cc.json at HEAD (1a2b3c4)' }
 */
export function lastCommitText(file: string): CommittedText {
  const path = resolve(file);
  const dir = dirname(path);
  const inside = git(dir, ['rev-parse', '--show-toplevel']);
  if (inside.error) return { error: `git could not be run (${inside.error.message}): compare two files instead` };
  if (inside.status !== 0) return { error: `${file} is not in a git checkout: there is no last commit to compare it with (compare two files instead)` };
  const head = git(dir, ['rev-parse', '--short', 'HEAD']);
  if (head.status !== 0) return { error: `the git checkout of ${file} has no commit yet: there is nothing to compare it with` };
  const inRepo = `${git(dir, ['rev-parse', '--show-prefix']).stdout.trim()}${basename(path)}`;
  const shown = git(dir, ['show', `HEAD:./${basename(path)}`]);
  if (shown.status !== 0) return { error: `${inRepo} is not in the last commit (${head.stdout.trim()}): a new file, compared with nothing (compare two files instead)` };
  return { text: shown.stdout, name: `${inRepo} at HEAD (${head.stdout.trim()})` };
}
