import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { SMS_RESEND_INTERVAL_MS } from '@skill-cert/shared/constants';
import { z } from 'zod';
import { serverRoot } from './lib/paths.ts';
import type { S3Settings } from './plugins/s3-storage.ts';

export const defaultWebDist = path.join(serverRoot, '../web/dist');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET 至少需要32个字符').optional(),
  TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(120),
  SMS_PROVIDER: z.enum(['log', 'file']).default('log'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: z.enum(['0', '1', 'true', 'false']).default('1'),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  SMS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  SMS_RESEND_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(SMS_RESEND_INTERVAL_MS / 1000),
  MAX_CONNECTIONS: z.coerce.number().int().min(10).optional(),
  RENDER_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  PUBLIC_URL: z.string().url('PUBLIC_URL 应为完整网址，如 https://cert.example.com').optional(),
  API_DOCS: z.enum(['0', '1', 'true', 'false']).default('0'),
  VALIDATE_RESPONSES: z.enum(['0', '1', 'true', 'false']).default('0'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN 至少 16 个字符').optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url('S3_ENDPOINT 应为完整网址，如 https://oss-cn-hangzhou.aliyuncs.com').optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).default('0'),
  S3_PREFIX: z.string().default(''),
  S3_DOWNLOAD_LINK_SECONDS: z.coerce.number().int().min(0).max(604_800).default(0),
});

export type SmsProviderName = z.infer<typeof envSchema>['SMS_PROVIDER'] | 'memory';

export interface AppConfig {
  port: number;
  host: string;
  /** Folder for the embedded database, uploads, the generated JWT secret and the lock file. */
  dataDir: string | null;
  /** PostgreSQL connection string; null means the embedded PGlite database (in memory when dataDir is null). */
  databaseUrl: string | null;
  jwtSecret: string;
  tokenTtlMinutes: number;
  smsProvider: SmsProviderName;
  logLevel: string;
  /** Built web app served with an index.html fallback; null serves the API only. */
  webDist: string | null;
  seedDemo: boolean;
  trustProxy: boolean;
  /** SMS sends allowed per client address per minute, on top of one per phone per `smsResendSeconds`. */
  smsPerIpPerMinute: number;
  /** Seconds before a phone may get another code (60 unless set; the browser tests set 0 so as not to wait). */
  smsResendSeconds: number;
  /**
   * Connections (HTTP and WebSocket) held at once; past it new ones are refused cleanly. Default: the
   * process's open-file limit less a margin for the database, files and logs.
   */
  maxConnections: number | null;
  /** Worker threads rendering certificates (piscina pool, started on first use). Default: the cores. */
  renderThreads: number;
  /** Base of the links printed on certificates (the QR code to /information-link/{id}), without a trailing slash. */
  publicUrl: string;
  /** Serve the OpenAPI document (`/api/openapi.json`) and its page (`/api/docs`), both public. */
  apiDocs: boolean;
  /** Check every JSON answer against its route's response schema (tests; costs CPU, docs/decisions.md). */
  validateResponses: boolean;
  /** `/metrics` (Prometheus text) answers only `Authorization: Bearer <this>`; null: metrics off, `/metrics` is 404. */
  metricsToken: string | null;
  /** Where file contents live: null, the data folder's `files` (or a temporary folder); else an S3-compatible bucket. */
  objectStorage: S3Settings | null;
}

const truthy = (v: string) => v === '1' || v === 'true';

/** Reads the environment; anything unset gets a default that needs nothing from the operator. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`配置错误 ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || null,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    smsProvider: e.SMS_PROVIDER,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : existsSync(defaultWebDist) ? defaultWebDist : null,
    seedDemo: truthy(e.SEED_DEMO),
    trustProxy: truthy(e.TRUST_PROXY),
    smsPerIpPerMinute: e.SMS_PER_IP_PER_MINUTE,
    smsResendSeconds: e.SMS_RESEND_SECONDS,
    maxConnections: e.MAX_CONNECTIONS ?? defaultMaxConnections(),
    renderThreads: e.RENDER_THREADS ?? availableParallelism(),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    apiDocs: truthy(e.API_DOCS),
    validateResponses: truthy(e.VALIDATE_RESPONSES),
    metricsToken: e.METRICS_TOKEN ?? null,
    objectStorage: objectStorageOf(e),
  };
}

/** The bucket's settings when STORAGE=s3, each one it needs named when missing. */
function objectStorageOf(e: z.infer<typeof envSchema>): S3Settings | null {
  if (e.STORAGE !== 's3') return null;
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
    if (!e[name]) throw new Error(`配置错误 ${name}: STORAGE=s3 时必须设置`);
  const prefix = e.S3_PREFIX.replace(/^\/+/, '');
  return {
    endpoint: e.S3_ENDPOINT ?? null,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: truthy(e.S3_FORCE_PATH_STYLE),
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    downloadLinkSeconds: e.S3_DOWNLOAD_LINK_SECONDS,
  };
}

const FD_MARGIN = 500;

/** The soft open-file limit (Linux /proc) less a margin; null where it cannot be read. */
export function defaultMaxConnections(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) && soft > FD_MARGIN * 2 ? soft - FD_MARGIN : null;
  } catch {
    return null;
  }
}

/** A secret generated on first start and kept in the data folder, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Configuration for tests: in-memory database, no web app, codes kept in memory. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    databaseUrl: null,
    jwtSecret: 'test-secret-test-secret-test-secret-test-secret',
    tokenTtlMinutes: 120,
    smsProvider: 'memory',
    logLevel: 'silent',
    webDist: null,
    seedDemo: false,
    trustProxy: false,
    smsPerIpPerMinute: 1000,
    smsResendSeconds: SMS_RESEND_INTERVAL_MS / 1000,
    maxConnections: null,
    renderThreads: 2,
    publicUrl: 'http://localhost:3000',
    apiDocs: true,
    validateResponses: true,
    metricsToken: null,
    objectStorage: null,
    ...overrides,
  };
}
