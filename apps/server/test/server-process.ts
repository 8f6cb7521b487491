import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      // Ready, not only alive: the demo's content is rendered once the port is open.
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready in time');
}

export interface ServerProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the real server as its own process on a free port with a fresh data folder (browser tests,
 * benchmarks, multi-instance tests). `env` adds to or overrides the defaults.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  opts: {
    fdLimit?: number;
    dataDir?: string;
    /** Receives each line the server writes to stdout (its JSON log) instead of the terminal. */
    onLog?: (line: string) => void;
    /** Runs the build (apps/server/dist, `npm run build`) with plain Node, as `npm run serve` does, not the sources. */
    compiled?: boolean;
  } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'sc-server-'));
  // The same Node flags as `npm run serve` (package.json): a 4 MB young generation (docs/decisions.md, record 5).
  // SERVER_NODE_FLAGS adds some, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a benchmark's server (Node
  // refuses --cpu-prof in NODE_OPTIONS).
  const flags = `--max-semi-space-size=4 ${process.env.SERVER_NODE_FLAGS ?? ''}`.trim();
  const entry = opts.compiled ? 'apps/server/dist/main.js' : '--import tsx apps/server/src/main.ts';
  const command = `${opts.fdLimit ? `ulimit -n ${opts.fdLimit} && ` : ''}exec "${process.execPath}" ${flags} ${entry}`;
  const child = spawn('bash', ['-c', command], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', opts.onLog ? 'pipe' : 'inherit', 'inherit'],
  });
  const onLog = opts.onLog;
  if (onLog && child.stdout) {
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      const lines = (rest + text).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onLog(line);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  // A fresh embedded database on a loaded two-core machine takes minutes to answer /healthz: wait for it.
  await waitForReady(url, child, 240_000);
  return {
    url,
    dataDir,
    child,
    async stop() {
      // A process killed by a signal keeps exitCode null: only one still running is stopped and awaited.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
