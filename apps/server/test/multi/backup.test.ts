import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { CertificateRow } from '@skill-cert/shared/certificates';
import type { Envelope } from '@skill-cert/shared/envelope';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../server-process.ts';

/**
 * `npm run backup` and `npm run restore` on a populated demo (the demo `npm start` seeds, its certificates rendered):
 * a backup taken while the server runs, restored into an empty folder (embedded) or an empty database (PostgreSQL),
 * holds every table's rows and the certificates' bytes. The PostgreSQL part runs with TEST_DATABASE_URL.
 */
const ROUND_TRIP_MS = 600_000;
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const scratch: string[] = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `sc-${name}-`));
  scratch.push(dir);
  return dir;
};

/** Runs `npm run backup` / `npm run restore` (their scripts, as npm does) and answers how it ended. */
function runScript(
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', `apps/server/src/scripts/${name}.ts`, ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: '', STORAGE: 'local', ...env },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => {
      stdout += t;
    });
    child.stderr.setEncoding('utf8').on('data', (t: string) => {
      stderr += t;
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts the server with the demo and waits until every certificate of the demo's library has its PDF. */
async function startDemo(env: Record<string, string> = {}) {
  let rendered: () => void = () => {};
  const server = await startServerProcess(
    { LOG_LEVEL: 'debug', ...env },
    {
      // Each group of certificates recorded is a moment to look again.
      onLog: (line) => {
        if (line.includes('证书批次进度')) rendered();
      },
    },
  );
  servers.push(server);
  const token = await login(server);
  for (;;) {
    const next = new Promise<void>((resolve) => {
      rendered = resolve;
    });
    const list = await certificates(server, token);
    if (list.length > 0 && list.every((c) => c.has_file)) return { server, token, list };
    await next;
  }
}

async function login(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'qiye', password: 'Demo@2026' }),
  });
  const json = (await res.json()) as Envelope<{ token: string }>;
  expect(json.code).toBe(200);
  return json.data.token;
}

/** Every certificate of qiye's library, page by page. */
async function certificates(server: ServerProcess, token: string): Promise<CertificateRow[]> {
  const all: CertificateRow[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${server.url}/api/certificates?per_page=50&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const json = (await res.json()) as Envelope<{ list: CertificateRow[]; meta: { last_page: number } }>;
    all.push(...json.data.list);
    if (page >= json.data.meta.last_page) return all;
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function certificatePdf(server: ServerProcess, token: string, id: string): Promise<string> {
  const res = await fetch(`${server.url}/api/certificates/${id}/file?download=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return sha256(new Uint8Array(await res.arrayBuffer()));
}

/** Stops a server and keeps its folder. */
async function stop(server: ServerProcess) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** The rows of every table outside the system's schemas, by `schema.table`. */
async function rowCounts(query: Query): Promise<Record<string, number>> {
  const tables = (
    await query(
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    )
  ).rows.map((r) => String(r.name));
  const counts = await query(
    tables.map((t) => `select '${t}' as name, count(*)::int as n from ${t}`).join(' union all '),
  );
  return Object.fromEntries(counts.rows.map((r) => [String(r.name), Number(r.n)]));
}

/**
 * The counts to compare: a running instance's own record (`job_instances`, in the backup) is deleted when it stops;
 * the restored one finds it stale at start and takes its jobs, as after a crash.
 */
const lasting = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).filter(([name]) => name !== 'public.job_instances'));

async function pgliteCounts(dataDir: string) {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    return lasting(await rowCounts((text) => db.query(text)));
  } finally {
    await db.close();
  }
}

/** The stored contents of a data folder: SHA-256 of each file's bytes, by its name. */
function storedContents(dataDir: string): Map<string, string> {
  const root = path.join(dataDir, 'files');
  const found = new Map<string, string>();
  for (const dir of readdirSync(root))
    for (const name of readdirSync(path.join(root, dir)))
      found.set(name, sha256(readFileSync(path.join(root, dir, name))));
  return found;
}

const archiveIn = (dir: string) => {
  const names = readdirSync(dir);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/^skill-cert-backup-\d{8}-\d{6}\.tar$/);
  return path.join(dir, names[0]);
};

describe('backup and restore, embedded database', () => {
  it(
    'a backup taken while the server runs restores into an empty folder with every row and the certificates’ bytes',
    async () => {
      const { server, token, list } = await startDemo();
      const certificate = list[0];
      const pdfBefore = await certificatePdf(server, token, certificate._id);
      // The backup channel: a socket in the data folder only its owner may open.
      const socket = path.join(server.dataDir, 'backup.sock');
      expect(statSync(socket).isSocket()).toBe(true);
      expect(statSync(socket).mode & 0o777).toBe(0o600);
      const out = tempDir('backups');
      const backup = await runScript('backup', ['--out', out], { DATA_DIR: server.dataDir });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('备份完成');
      const archive = archiveIn(out);
      await stop(server);
      scratch.push(server.dataDir);
      expect(existsSync(socket)).toBe(false);

      const target = path.join(tempDir('restore'), 'data');
      const restore = await runScript('restore', [archive, '--data-dir', target], {});
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);

      expect(await pgliteCounts(target)).toEqual(await pgliteCounts(server.dataDir));
      const contents = storedContents(target);
      expect(contents).toEqual(storedContents(server.dataDir));
      for (const [name, hash] of contents) expect(hash).toBe(name);
      expect(readFileSync(path.join(target, 'jwt-secret'), 'utf8')).toBe(
        readFileSync(path.join(server.dataDir, 'jwt-secret'), 'utf8'),
      );

      // The restored folder starts a server that serves the same certificate, byte for byte.
      const restored = await startServerProcess({ SEED_DEMO: '0' }, { dataDir: target });
      servers.push(restored);
      expect(await certificatePdf(restored, await login(restored), certificate._id)).toBe(pdfBefore);
      await stop(restored);

      // Into a folder that is not empty: refused, in Chinese, and nothing changes there.
      const again = await runScript('restore', [archive, '--data-dir', target], {});
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain('不是空的');
      expect(storedContents(target)).toEqual(contents);
    },
    ROUND_TRIP_MS,
  );
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)('backup and restore, PostgreSQL', () => {
  const databaseUrl = (name: string) => {
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const source = `sc_backup_${randomBytes(5).toString('hex')}`;
  const copy = `sc_restore_${randomBytes(5).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  const pgCounts = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return lasting(await rowCounts((text) => client.query(text)));
    } finally {
      await client.end();
    }
  };

  afterAll(async () => {
    for (const name of [source, copy]) await admin(`drop database if exists ${name} with (force)`);
  });

  it(
    'pg_dump while the server runs, pg_restore into an empty database: every row, and the files into an empty folder',
    async () => {
      await admin(`create database ${source}`);
      await admin(`create database ${copy}`);
      const { server } = await startDemo({
        DATABASE_URL: databaseUrl(source),
        JWT_SECRET: randomBytes(32).toString('hex'),
      });
      const out = tempDir('backups');
      const backup = await runScript('backup', ['--out', out], {
        DATA_DIR: server.dataDir,
        DATABASE_URL: databaseUrl(source),
      });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      const archive = archiveIn(out);
      await stop(server);
      scratch.push(server.dataDir);

      const target = path.join(tempDir('restore'), 'data');
      const restore = await runScript(
        'restore',
        [archive, '--database-url', databaseUrl(copy), '--data-dir', target],
        {},
      );
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(await pgCounts(databaseUrl(copy))).toEqual(await pgCounts(databaseUrl(source)));
      const contents = storedContents(target);
      expect(contents).toEqual(storedContents(server.dataDir));
      for (const [name, hash] of contents) expect(hash).toBe(name);

      // Into a database that is not empty: refused, in Chinese.
      const again = await runScript(
        'restore',
        [archive, '--database-url', databaseUrl(copy), '--data-dir', tempDir('restore-again')],
        {},
      );
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain('目标数据库不是空的');
    },
    ROUND_TRIP_MS,
  );
});
