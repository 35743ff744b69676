import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What `npm run sandbox` prints once it listens: `sandbox (test) at http://127.0.0.1:PORT/v1/...`. */
const LISTENING = /sandbox \(\w+\) at (http:\/\/[^/\s]+)/;

export interface SandboxProcess {
  /** `http://127.0.0.1:<port>`: a client's `baseUrl`. */
  address: string;
  port: number;
  pid: number;
  /** `kill -9`: the process ends where it is (no `close`, no last write), as on a crash or an OOM kill. */
  kill(): Promise<void>;
  /** What it printed on stdout and stderr (for a failure's message). */
  output(): string;
}

/**
 * The sandbox as its own OS process, as `npm run sandbox` runs it (`node --import tsx
 * scripts/sandbox.ts`: node itself, no wrapper process, so its pid is the server's and a
 * SIGKILL kills the server), over the database file `db`; on `port` (0: a free one). Resolves
 * once it listens; rejects with its output if it exits first.
 *
 * @example
 * const sandbox = await sandboxProcess({ db: join(dir, 'sandbox.db') });
 * await sandbox.kill();
 * const again = await sandboxProcess({ db: join(dir, 'sandbox.db'), port: sandbox.port });
 */
export function sandboxProcess({ db, port = 0, mode = 'test' }: { db: string; port?: number; mode?: 'test' | 'dev' | 'production' }): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/sandbox.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SANDBOX_DB: db, SANDBOX_MODE: mode, API_PROVIDER: 'telco', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  let listening = false;
  // A test process that ends with its sandbox still running (a crash, an interrupted run) ends it too.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', orphaned);
      resolve();
    }),
  );
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      printed += String(chunk);
      const address = LISTENING.exec(printed)?.[1];
      if (listening || !address || child.pid === undefined) return;
      listening = true;
      resolve({ address, port: Number(new URL(address).port), pid: child.pid, kill, output: () => printed });
    });
    child.stderr.on('data', (chunk: Buffer) => (printed += String(chunk)));
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`the sandbox exited (${String(code ?? signal)}) before it listened:\n${printed}`)));
  });
}
