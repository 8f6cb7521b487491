import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The site configuration that docs/deployment.md gives operators ("nginx in front"), with its upstream servers replaced
 * by `nodes` and its TLS listener by a loopback port: the tests and the cluster benchmark run what the guide says.
 */
export function documentedSiteConfig(nodes: string[], port: number): string {
  const guide = readFileSync(path.join(repoRoot, 'docs/deployment.md'), 'utf8');
  const block = /### nginx in front[\s\S]*?```nginx\n([\s\S]*?)```/.exec(guide)?.[1];
  if (!block) throw new Error('docs/deployment.md has no nginx block under "nginx in front"');
  const upstreams = nodes.map(
    (n) => `    server ${n.replace(/^https?:\/\//, '')} max_fails=1 fail_timeout=5s;`,
  );
  const site = block
    .replace(/^ {4}server \d+\.\d+\.\d+\.\d+:\d+[^\n]*\n/gm, '')
    .replace(/(upstream skill_cert \{\n)/, `$1${upstreams.join('\n')}\n`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port};`);
  if (!site.includes(`listen 127.0.0.1:${port};`) || !site.includes(upstreams[0]))
    throw new Error(
      'the nginx block of docs/deployment.md no longer has the upstream and listen lines the tests replace',
    );
  return site;
}

export interface Nginx {
  url: string;
  /** The site configuration it runs. */
  config: string;
  /** What nginx wrote to its error log so far. */
  errorLog(): string;
  /** The master process and its workers. */
  pids(): number[];
  stop(): Promise<void>;
}

/** nginx (the Debian package) in the foreground on a free loopback port, in front of `nodes`, its files in a temporary folder. */
export async function startNginx(nodes: string[]): Promise<Nginx> {
  const binary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((b) => {
    try {
      execFileSync(b, ['-v'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
  if (!binary) throw new Error('nginx is not installed (Debian package nginx-light or nginx)');
  const dir = mkdtempSync(path.join(tmpdir(), 'sc-nginx-'));
  // The workers run as nobody when the master is root: they write their temporary files here.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const config = documentedSiteConfig(nodes, port);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `  ${t}_temp_path ${dir}/${t};`)
    .join('\n');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
${temp}
${config}
}
`,
  );
  const child: ChildProcess = spawn(
    binary,
    ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      let log = '';
      try {
        log = readFileSync(path.join(dir, 'error.log'), 'utf8');
      } catch {}
      throw new Error(`nginx exited with code ${child.exitCode}\n${log}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('nginx did not answer /healthz within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    config,
    errorLog() {
      try {
        return readFileSync(path.join(dir, 'error.log'), 'utf8');
      } catch {
        return '';
      }
    },
    pids() {
      const master = child.pid!;
      try {
        const workers = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/);
        return [master, ...workers.filter(Boolean).map(Number)];
      } catch {
        return [master];
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
