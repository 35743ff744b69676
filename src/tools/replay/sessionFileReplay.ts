/**
 * `npm run journeys:replay -- <cc> --session <file> [--key <private.jwk>]`: a session exported
 * from the app ("Exportar sesión") opened with the support team's private key (the committed test
 * key by default: tests/fixtures/session-export/) and replayed in Node against a fresh sandbox,
 * every call real (src/tools/replay/sessionReplay.ts). Prints a warning when the journey changed
 * since the recording, each event sent with where it was sent from, and the end: the journey
 * where the app was at the export, or where it left the session's path and why. Returns the exit
 * code: 0 at the same end, 1 elsewhere, 2 when the file does not open.
 */
import type { CompiledJourney } from '../../runtime/compileJourney';
import type { ReplayResult } from './replayPath';
import { runningSandbox } from '../sandbox/runningSandbox';
import { readSessionFile, replaySession, TEST_SESSION_PRIVATE_KEY, whereVersionsPart } from './sessionReplay';

/** The value after a flag (`--key <file>`). */
const valueOf = (args: string[], flag: string) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};

/** Where and why the replay left the session's path, in a line. */
function leftWhy(result: ReplayResult, events: number): string {
  const left = result.left;
  if (!left) return '';
  const why = [
    left.lastCall ? `the last call, ${left.lastCall.operationId}, ${left.lastCall.ok ? 'answered' : `failed (${left.lastCall.status}: ${left.lastCall.message})`}` : '',
    left.message ? `the screen says "${left.message}"` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const where = left.atStep < events ? `before the session's event ${left.atStep + 1} of ${events}` : 'at the end';
  return `left the session's path ${where}: the session was at ${left.expected}, the journey is at ${left.actual}${why ? ` (${why})` : ''}`;
}

/** The command; `loadJourney` reads and checks a journey file (the script gives the checker's). */
export async function replaySessionCommand(args: string[], loadJourney: (file: string) => CompiledJourney): Promise<number> {
  const file = valueOf(args, '--session');
  const keyFile = valueOf(args, '--key') ?? TEST_SESSION_PRIVATE_KEY;
  const country = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--session' && args[i - 1] !== '--key');
  if (!country || !file) {
    console.error('usage: npm run journeys:replay -- <country code> --session <file> [--key <private.jwk>]   (the test key by default)');
    return 2;
  }
  let record;
  try {
    record = await readSessionFile(file, keyFile);
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)} (key: ${keyFile})`);
    return 2;
  }
  const journey = loadJourney(`journeys/${country.toLowerCase()}.json`);
  if (record.country.toLowerCase() !== country.toLowerCase()) console.error(`warning: the session was recorded in ${record.country}, replayed on journeys/${country.toLowerCase()}.json`);
  const sandbox = await runningSandbox();
  try {
    const { result, path, warnings } = await replaySession(journey, record, sandbox);
    for (const warning of warnings) console.error(`warning: ${warning}`);
    console.log(`session of ${record.events.length} event(s), app ${record.appVersion}, ended at ${path.end.route ?? path.end.stateId}`);
    // Each event with when the agent sent it (seconds into the session).
    result.done.forEach(({ place, event }, i) => console.log(`  +${((record.events[i]?.at ?? 0) / 1000).toFixed(1)}s ${place} --${event}-->`));
    console.log(result.ok ? `✓ reached the session's end: ${path.end.stateId}${path.end.route ? ` (${path.end.route})` : ''}` : `✗ ${leftWhy(result, path.steps.length)}`);
    // A session of an older version: where it and this one part.
    const parting = result.left && whereVersionsPart(journey, record, result.left);
    if (parting) console.log(`  ${parting}`);
    return result.ok ? 0 : 1;
  } finally {
    await sandbox.close();
  }
}
