import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { CustomCertificateBatch } from '@skill-cert/shared/custom-certificates';
import type { Envelope } from '@skill-cert/shared/envelope';
import { afterAll, describe, expect, it } from 'vitest';
import { CHUNK_ROWS } from '../../src/modules/certificate-engine/batch-runner.ts';
import { DEFAULT_BLANKS } from '../../src/modules/certificate-engine/defaults.ts';
import { DEFAULT_HEADER, jpeg, personRow, rawZip, xlsx } from '../fixtures/certificate-engine.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import { TestSocket } from '../ws-client.ts';

/**
 * The server on its embedded database is killed (SIGKILL) while a batch renders, then
 * started again on the same data folder. The batch must finish on its own, soon (the chunks the dead process held
 * are retried at start, not after their 300 s expiry), with every row rendered exactly once, its counts matching
 * its rows, one done message, and no file in storage that no row references.
 */
const ROWS = CHUNK_ROWS * 2 + 100;
/** After the restart the batch ends well before the chunks' expiry (300 s) would have let them run again. */
const FINISH_WITHIN_MS = 150_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'sc-crash-'));
let server: ServerProcess | undefined;
/** The server's report of what it cleaned up after the crash (jobs plugin, batch runner). */
const recoveryLog: string[] = [];
afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<T>(method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server!.url}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope<T>;
  if (json.code !== 200) throw new Error(`${method} ${url}: ${json.code} ${json.message}`);
  return json.data;
}

async function upload(token: string, name: string, bytes: Buffer, type = 'any'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${server!.url}/api/files/upload?type=${type}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = (await res.json()) as Envelope<{ file_id: string }>;
  if (json.code !== 200) throw new Error(`upload ${name}: ${json.message}`);
  return json.data.file_id;
}

/**
 * Starts the server on the data folder; `progress(batchId)` resolves at the first group of that batch's certificates
 * recorded. Other batches log progress too (the demo's granted certificates render into the library at start), so
 * the line is matched by its batch.
 */
async function start() {
  const seen = new Set<string>();
  const waiting = new Map<string, () => void>();
  server = await startServerProcess(
    { LOG_LEVEL: 'debug' },
    {
      dataDir,
      onLog: (line) => {
        if (line.includes('证书批次进度')) {
          const batchId = String((JSON.parse(line) as { batchId?: unknown }).batchId);
          seen.add(batchId);
          waiting.get(batchId)?.();
        }
        if (line.includes('已清理') || line.includes('已接管')) recoveryLog.push(line);
      },
    },
  );
  const progress = (batchId: string) =>
    new Promise<void>((resolve) => {
      if (seen.has(batchId)) resolve();
      else waiting.set(batchId, resolve);
    });
  return { progress };
}

/** Stops the server without removing its folder, so its database and files can be read. */
async function kill(signal: NodeJS.Signals) {
  const child = server!.child;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.close();
  }
}

/** Every content file in storage: its name (the SHA-256) or, for a write never finished, the temporary name. */
function storedFiles(): string[] {
  const root = path.join(dataDir, 'files');
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(path.join(root, d.name)));
}

describe('a server killed while a batch renders (embedded database)', () => {
  it('finishes the batch after the restart, soon: every row once, counts consistent, one message, no orphan file', async () => {
    const first = await start();
    const { token } = await call<{ token: string }>('POST', '/api/login', undefined, {
      name: 'qiye',
      password: 'Demo@2026',
    });
    const background = await upload(token, '底图.jpg', jpeg(1600, 1131), 'image');
    const template = await call<{ _id: string }>('POST', '/api/customCertificateTemplates', token, {
      template_name: '电工职业技能等级证书',
      background_file_id: background,
      blanks: DEFAULT_BLANKS.map((b) => ({ ...b })),
    });
    const rows = Array.from({ length: ROWS }, (_, i) => personRow(i + 1));
    const sheet = await upload(token, '名单.xlsx', await xlsx(DEFAULT_HEADER, rows));
    const photo = jpeg(120, 160);
    const zip = await upload(
      token,
      '照片.zip',
      rawZip(rows.map((r) => ({ name: `${r[2]}.jpg`, data: photo }))),
    );
    const batch = await call<CustomCertificateBatch>(
      'POST',
      '/api/customCertificateBatchUploadRecords',
      token,
      {
        name: '断电测试',
        custom_certificate_template_id: template._id,
        file_id: sheet,
        photo_zip_file_id: zip,
      },
    );

    // Killed at the first progress: some certificates recorded, the chunks under way still active.
    await first.progress(batch._id);
    await kill('SIGKILL');
    const [atKill] = await query<{ done: number; active: number }>(
      `select (select success_count from custom_certificate_batches where id = $1) as done,
        (select count(*)::int from pgboss.job where name = 'custom-certificate-render' and state = 'active') as active`,
      [batch._id],
    );
    expect(atKill.done).toBeGreaterThan(0);
    expect(atKill.done).toBeLessThan(ROWS);
    expect(atKill.active).toBeGreaterThan(0);

    await start();
    const restarted = Date.now();
    const socket = await TestSocket.open(`${server!.url.replace('http', 'ws')}/ws`);
    try {
      const init = await socket.next('init');
      await call('POST', '/api/websocket/bindUser', token, { client_id: init.client_id });
      const status = async () =>
        (
          await call<CustomCertificateBatch>(
            'GET',
            `/api/customCertificateBatchUploadRecords/${batch._id}`,
            token,
          )
        ).certificate_handle_status;
      // The done message reaches the bound socket; a batch that ended before the socket was bound is seen at once.
      if ((await status()) === 0) {
        for (;;) {
          const left = FINISH_WITHIN_MS - (Date.now() - restarted);
          const frame = await socket.next('message', Math.max(left, 1));
          const [m] = frame.data.list;
          if (m.data.template_key === 'create_custom_certificate_done' && m.data._id === batch._id) break;
        }
      }
      const done = await call<CustomCertificateBatch>(
        'GET',
        `/api/customCertificateBatchUploadRecords/${batch._id}`,
        token,
      );
      expect(done).toMatchObject({
        certificate_handle_status: 1,
        total: ROWS,
        success_count: ROWS,
        failed_count: 0,
        progress: 100,
      });
      console.log(
        `crash test: killed with ${atKill.done}/${ROWS} recorded and ${atKill.active} chunks active; finished ${Date.now() - restarted} ms after the restart\n${recoveryLog.join('\n')}`,
      );
    } finally {
      socket.close();
    }
    await kill('SIGTERM');

    // Every row exactly once, generated, with a file of its own.
    const certificates = await query<{ row_number: number; status: number; file_id: string | null }>(
      'select row_number, produce_status as status, file_id from certificates where source_id = $1',
      [batch._id],
    );
    expect(certificates).toHaveLength(ROWS);
    expect(new Set(certificates.map((c) => c.row_number)).size).toBe(ROWS);
    expect(certificates.every((c) => c.status === 1 && c.file_id)).toBe(true);
    expect(new Set(certificates.map((c) => c.file_id)).size).toBe(ROWS);
    // One file record per certificate, none extra. The demo's other PDFs are left out: its granted and offline
    // certificates (library sources 1 and 2; custom ones, source 3, are this batch's), its archives' uploads and the
    // admission tickets of its test plans' rooms.
    const [pdfs] = await query<{ n: number }>(
      `select count(*)::int as n from files where kind = 'pdf'
        and id not in (select file_id from certificates where source in (1, 2) and file_id is not null)
        and id not in (select file_id from archive_items)
        and id not in (select ticket_file_id from level_evaluation_rooms where ticket_file_id is not null)`,
    );
    expect(pdfs.n).toBe(ROWS);
    const [messages] = await query<{ n: number }>(
      `select count(*)::int as n from messages where template_key = 'create_custom_certificate_done' and related_id = $1`,
      [batch._id],
    );
    expect(messages.n).toBe(1);
    // No orphan: every file in storage is one a file record references, and no half-written file is left.
    const referenced = new Set(
      (await query<{ sha256: string }>('select distinct sha256 from files')).map((f) => f.sha256),
    );
    const orphans = storedFiles().filter((name) => !referenced.has(name));
    expect(orphans).toEqual([]);
  }, 300_000);
});
