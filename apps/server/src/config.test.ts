import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const dataDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'sc-config-'));
  dirs.push(d);
  return d;
};

describe('configuration from the environment', () => {
  it('needs nothing: port 3000, embedded database, SMS to the log', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeNull();
    expect(c.smsProvider).toBe('log');
    expect(c.tokenTtlMinutes).toBe(120);
  });

  it('generates JWT_SECRET once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(true);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('files stay on local disk unless STORAGE=s3, which needs a bucket and its keys, each named when missing', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).objectStorage).toBeNull();
    const s3 = {
      DATA_DIR: dataDir(),
      STORAGE: 's3',
      S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
      S3_BUCKET: 'certs',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: '/skill-cert',
    };
    expect(loadConfig(s3).objectStorage).toEqual({
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      region: 'us-east-1',
      bucket: 'certs',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: 'skill-cert/',
      downloadLinkSeconds: 0,
    });
    expect(
      loadConfig({ ...s3, S3_FORCE_PATH_STYLE: '1', S3_DOWNLOAD_LINK_SECONDS: '300' }).objectStorage,
    ).toMatchObject({ forcePathStyle: true, downloadLinkSeconds: 300 });
    expect(() => loadConfig({ ...s3, S3_BUCKET: '' })).toThrow('配置错误 S3_BUCKET: STORAGE=s3 时必须设置');
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: undefined })).toThrow(
      '配置错误 S3_SECRET_ACCESS_KEY: STORAGE=s3 时必须设置',
    );
    expect(() => loadConfig({ ...s3, STORAGE: 'oss' })).toThrow('配置错误 STORAGE');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const c = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u:p@db:5432/app' });
    expect(c.databaseUrl).toBe('postgres://u:p@db:5432/app');
  });

  it('SMS_RESEND_SECONDS sets the seconds between two codes to one phone: 60 unless set, 0 allowed, never negative', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).smsResendSeconds).toBe(60);
    expect(loadConfig({ DATA_DIR: dataDir(), SMS_RESEND_SECONDS: '0' }).smsResendSeconds).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir(), SMS_RESEND_SECONDS: '5' }).smsResendSeconds).toBe(5);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_RESEND_SECONDS: '-1' })).toThrow(/SMS_RESEND_SECONDS/);
  });

  it('refuses an invalid value with a message naming it', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});
