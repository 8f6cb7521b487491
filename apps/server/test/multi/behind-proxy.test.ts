import { createHash, randomBytes } from 'node:crypto';
import type { CustomCertificateBatch } from '@skill-cert/shared/custom-certificates';
import type { Envelope } from '@skill-cert/shared/envelope';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_ROWS } from '../../src/modules/certificate-engine/batch-runner.ts';
import { DEFAULT_BLANKS } from '../../src/modules/certificate-engine/defaults.ts';
import { DEFAULT_HEADER, jpeg, personRow, unzip, xlsx } from '../fixtures/certificate-engine.ts';
import { type Nginx, startNginx } from '../nginx.ts';
import { useS3Server } from '../s3-server.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import { TestSocket } from '../ws-client.ts';

/**
 * Two server processes on one PostgreSQL and one object storage (an S3-protocol server), behind nginx configured as
 * docs/deployment.md says: what a site past one machine runs. Run by `.ci/run` with TEST_DATABASE_URL.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl)
  throw new Error('TEST_DATABASE_URL must point at a PostgreSQL server for the multi-instance tests');

/** Enough chunks that the two nodes' render workers (three each) share them. */
const ROWS = CHUNK_ROWS * 8;
const DONE_WITHIN_MS = 240_000;

const s3 = useS3Server();
const dbName = `sc_proxy_${randomBytes(5).toString('hex')}`;
const nodes: {
  name: string;
  server?: ServerProcess;
  progress: Set<string>;
  waiters: Map<string, () => void>;
}[] = ['A', 'B'].map((name) => ({ name, progress: new Set(), waiters: new Map() }));
let proxy: Nginx;
let database: pg.Client;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  database = new pg.Client({ connectionString: url.toString() });
  await database.connect();
  const env = {
    DATABASE_URL: url.toString(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: '1',
    LOG_LEVEL: 'debug',
    STORAGE: 's3',
    S3_ENDPOINT: s3.settings.endpoint!,
    S3_REGION: s3.settings.region,
    S3_BUCKET: s3.settings.bucket,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
    S3_PREFIX: 'files/',
  };
  const started = await Promise.allSettled(
    nodes.map((node) =>
      startServerProcess(env, {
        // Each node logs `证书批次进度` (debug) for the groups of certificates it rendered and recorded.
        onLog: (line) => {
          if (!line.includes('证书批次进度')) return;
          const batchId = String((JSON.parse(line) as { batchId?: unknown }).batchId);
          node.progress.add(batchId);
          node.waiters.get(batchId)?.();
        },
      }).then((server) => {
        node.server = server;
      }),
    ),
  );
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  proxy = await startNginx(nodes.map((n) => n.server!.url));
}, 300_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all(nodes.map((n) => n.server?.stop()));
  await database?.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

async function call<T>(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.headers.get('content-type')?.includes('json'))
    throw new Error(
      `${method} ${url}: ${res.status} ${text.slice(0, 200)}\nnginx: ${proxy?.errorLog().slice(-2000)}`,
    );
  const json = JSON.parse(text) as Envelope<T>;
  if (json.code !== 200) throw new Error(`${method} ${url}: ${json.code} ${json.message}`);
  return json.data;
}

async function upload(token: string, name: string, bytes: Buffer, type = 'any'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${proxy.url}/api/files/upload?type=${type}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = (await res.json()) as Envelope<{ file_id: string }>;
  if (json.code !== 200) throw new Error(`upload ${name}: ${json.message}`);
  return json.data.file_id;
}

/** A socket bound to the user, opened on `base` (a node or the proxy). */
async function boundSocket(base: string, token: string): Promise<TestSocket> {
  const socket = await TestSocket.open(`${base.replace('http', 'ws')}/ws`);
  const { client_id } = await socket.next('init');
  await call(proxy.url, 'POST', '/api/websocket/bindUser', token, { client_id });
  await socket.bound();
  return socket;
}

/** Resolves at the batch's done message on the socket. */
async function doneMessage(socket: TestSocket, batchId: string): Promise<void> {
  const until = Date.now() + DONE_WITHIN_MS;
  for (;;) {
    const frame = await socket.next('message', Math.max(until - Date.now(), 1));
    const [m] = frame.data.list;
    if (m.data.template_key === 'create_custom_certificate_done' && m.data._id === batchId) return;
  }
}

/** The first node that records a group of the batch's certificates. */
function firstToRender(batchId: string): Promise<(typeof nodes)[number]> {
  return Promise.race(
    nodes.map(
      (node) =>
        new Promise<(typeof nodes)[number]>((resolve) => {
          if (node.progress.has(batchId)) resolve(node);
          else node.waiters.set(batchId, () => resolve(node));
        }),
    ),
  );
}

let token: string;
let files: { template: string; sheet: string };

async function startBatch(name: string): Promise<CustomCertificateBatch> {
  return call<CustomCertificateBatch>(proxy.url, 'POST', '/api/customCertificateBatchUploadRecords', token, {
    name,
    custom_certificate_template_id: files.template,
    file_id: files.sheet,
  });
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('two nodes behind nginx on one PostgreSQL and one object storage', () => {
  it('a batch started through the proxy renders on both nodes, its zip downloads through either, sockets on both get its message', async () => {
    ({ token } = await call<{ token: string }>(proxy.url, 'POST', '/api/login', undefined, {
      name: 'qiye',
      password: 'Demo@2026',
    }));
    const sockets = await Promise.all([
      boundSocket(nodes[0].server!.url, token),
      boundSocket(nodes[1].server!.url, token),
      boundSocket(proxy.url, token),
    ]);
    try {
      const background = await upload(token, '底图.jpg', jpeg(1600, 1131), 'image');
      const template = await call<{ _id: string }>(
        proxy.url,
        'POST',
        '/api/customCertificateTemplates',
        token,
        {
          template_name: '集群证书',
          background_file_id: background,
          // Without the photo: storing 2,000 photos one by one in the bucket is another test's subject.
          blanks: DEFAULT_BLANKS.filter((b) => b.blank_type !== 2).map((b) => ({ ...b })),
        },
      );
      const rows = Array.from({ length: ROWS }, (_, i) => personRow(i + 1));
      files = {
        template: template._id,
        sheet: await upload(token, '名单.xlsx', await xlsx(DEFAULT_HEADER, rows)),
      };
      const batch = await startBatch('两节点批次');
      await Promise.all(sockets.map((s) => doneMessage(s, batch._id)));

      expect(nodes.map((n) => [n.name, n.progress.has(batch._id)])).toEqual([
        ['A', true],
        ['B', true],
      ]);
      const done = await call<CustomCertificateBatch>(
        proxy.url,
        'GET',
        `/api/customCertificateBatchUploadRecords/${batch._id}`,
        token,
      );
      expect(done).toMatchObject({ certificate_handle_status: 1, success_count: ROWS, failed_count: 0 });

      // The zip streams every PDF from the bucket through whichever node is asked, the same on both.
      const zips = await Promise.all(
        nodes.map(async (n) => {
          const res = await fetch(
            `${n.server!.url}/api/customCertificateBatchUploadRecords/${batch._id}/downloadCertificateZip`,
            { headers: { authorization: `Bearer ${token}` } },
          );
          expect(res.status).toBe(200);
          return unzip(Buffer.from(await res.arrayBuffer()));
        }),
      );
      expect(zips[0].size).toBe(ROWS);
      const digest = (entries: Map<string, Buffer>) =>
        [...entries].map(([name, bytes]) => `${name}:${sha(bytes)}`).sort();
      expect(digest(zips[1])).toEqual(digest(zips[0]));
    } finally {
      for (const s of sockets) s.close();
    }
  }, 600_000);

  it('a node killed with SIGKILL mid-batch loses nothing: the other node finishes the batch', async () => {
    const batch = await startBatch('断电批次');
    const victim = await firstToRender(batch._id);
    const survivor = nodes.find((n) => n !== victim)!;
    const socket = await boundSocket(survivor.server!.url, token);
    try {
      const exited = new Promise((r) => victim.server!.child.once('exit', r));
      victim.server!.child.kill('SIGKILL');
      await exited;
      // The site keeps answering: nginx sends what the dead node would have had to the live one.
      expect(await call<{ name: string }>(proxy.url, 'GET', '/api/user', token)).toMatchObject({
        name: 'qiye',
      });
      const status = async () =>
        (
          await call<CustomCertificateBatch>(
            proxy.url,
            'GET',
            `/api/customCertificateBatchUploadRecords/${batch._id}`,
            token,
          )
        ).certificate_handle_status;
      if ((await status()) === 0) await doneMessage(socket, batch._id);
    } finally {
      socket.close();
    }
    const { rows: certificates } = await database.query<{
      row_number: number;
      status: number;
      file_id: string | null;
    }>('select row_number, produce_status as status, file_id from certificates where source_id = $1', [
      batch._id,
    ]);
    expect(certificates).toHaveLength(ROWS);
    expect(new Set(certificates.map((c) => c.row_number)).size).toBe(ROWS);
    expect(certificates.every((c) => c.status === 1 && c.file_id)).toBe(true);
    expect(new Set(certificates.map((c) => c.file_id)).size).toBe(ROWS);
    const {
      rows: [counts],
    } = await database.query<{ success_count: number; failed_count: number; messages: number }>(
      `select success_count, failed_count,
        (select count(*)::int from messages where template_key = 'create_custom_certificate_done' and related_id = $1::text) as messages
       from custom_certificate_batches where id = $1::uuid`,
      [batch._id],
    );
    expect(counts).toEqual({ success_count: ROWS, failed_count: 0, messages: 1 });
  }, 600_000);
});
