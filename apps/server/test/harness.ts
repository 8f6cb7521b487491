import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { LoginResult } from '@skill-cert/shared/auth';
import type { Envelope } from '@skill-cert/shared/envelope';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { type AppConfig, testConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/seed.ts';
import { ensureRoleTypes } from '../src/modules/users/service.ts';
import { takeContractViolations } from '../src/plugins/contract.ts';
import { MemorySmsProvider } from '../src/plugins/sms.ts';
import { adminQuery } from './global-setup.ts';
import { probeStatements, statementLogger } from './statements.ts';

/**
 * A database for one test file: PGlite in memory, or, with TEST_DATABASE_URL, a fresh database on that
 * PostgreSQL server (dropped afterwards), so the same API tests prove both. Under the server project's global
 * setup (test/global-setup.ts) it is a copy of one migrated before the run; elsewhere it is migrated here.
 */
export async function openTestDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dumpFile = inject('migratedPgliteDump');
    const pgliteDump = dumpFile ? new Blob([await readFile(dumpFile)]) : undefined;
    const database = await openDatabase({ url: null, pgliteDir: null, pgliteDump, logger: statementLogger });
    return { database, dispose: () => database.close() };
  }
  const name = `sc_test_${randomBytes(6).toString('hex')}`;
  const template = inject('migratedTemplate');
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), pgliteDir: null, logger: statementLogger });
  return {
    database,
    async dispose() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  sms: MemorySmsProvider;
  database: Database;
}

/**
 * Registers hooks for a test file: one app and database for the file, emptied and re-seeded with the
 * demo data before each test.
 */
export function useTestApp(
  overrides: Partial<AppConfig> = {},
  options: Omit<BuildOptions, 'database' | 'sms'> = {},
): TestContext {
  const ctx = {} as TestContext;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    dispose = opened.dispose;
    ctx.database = opened.database;
    ctx.sms = new MemorySmsProvider();
    ctx.app = await buildApp(testConfig(overrides), { ...options, database: ctx.database, sms: ctx.sms });
    probeStatements(ctx.app);
  });
  beforeEach(async () => {
    await ctx.database.truncateAll();
    await ensureRoleTypes(ctx.database.db);
    await seedDemoData(ctx.database.db);
    ctx.sms.sent.length = 0;
  });
  // An answer that left without matching its route's response schema fails the test that caused it.
  afterEach(() => {
    const violations = takeContractViolations();
    if (violations.length) throw new Error(violations.join('\n'));
  });
  afterAll(async () => {
    await ctx.app?.close();
    await dispose?.();
  });
  return ctx;
}

export interface ApiResponse<T> {
  status: number;
  body: Envelope<T>;
}

/** Calls the API in-process and parses the envelope. */
export async function api<T = unknown>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
): Promise<ApiResponse<T>> {
  const res = await app.inject({
    method,
    url,
    payload: opts.body as InjectOptions['payload'],
    remoteAddress: opts.ip,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
  });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

export async function login(
  app: FastifyInstance,
  name: string,
  password = DEMO_PASSWORD,
): Promise<LoginResult> {
  const res = await api<LoginResult>(app, 'POST', '/api/login', { body: { name, password } });
  if (res.body.code !== 200) throw new Error(`login ${name} failed: ${res.body.message}`);
  return res.body.data;
}

/** A multipart/form-data body with one file, for `app.inject`. */
export function multipartFile(
  filename: string,
  content: Buffer,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sc${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Smallest valid images and documents, by their real first bytes. */
export const samples = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    Buffer.alloc(64),
  ]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  text: Buffer.from('just some text, not an image'),
};

/** What a route answered to `callRoutes`: the route, its HTTP status, the envelope's code and message. */
export interface RouteAnswer {
  route: string;
  status: number;
  code: number;
  message: string;
}

/**
 * Calls each registered route `routes` picks as the user of `token` (gate and tenant tests): `url` fills the
 * route's parameters, `body` gives a body for a route that reads one (by its body schema). A route that answers
 * a file has its HTTP status as its code.
 */
export async function callRoutes(
  app: FastifyInstance,
  token: string,
  o: {
    routes: (r: { method: string; url: string }) => boolean;
    url: (url: string) => string;
    body: (schema: unknown) => unknown;
  },
): Promise<RouteAnswer[]> {
  const answers: RouteAnswer[] = [];
  for (const r of app.registeredRoutes().filter((r) => r.method !== 'HEAD' && o.routes(r))) {
    const payload = r.schema.body ? o.body(r.schema.body) : undefined;
    const res = await app.inject({
      method: r.method as 'GET',
      url: o.url(r.url),
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { authorization: `Bearer ${token}` },
    });
    const body = res.headers['content-type']?.toString().includes('json')
      ? res.json()
      : { code: res.statusCode };
    answers.push({
      route: `${r.method} ${r.url}`,
      status: res.statusCode,
      code: body.code,
      message: body.message,
    });
  }
  return answers;
}
