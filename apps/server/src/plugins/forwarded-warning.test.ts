import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { configPlugin } from './config.ts';
import { FORWARDED_WARNING, forwardedWarningPlugin } from './forwarded-warning.ts';

/** An app with the plugin whose log lines are kept. */
async function appWith(trustProxy: boolean) {
  const lines: { level: number; msg: string }[] = [];
  const app = Fastify({
    trustProxy,
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  await app.register(configPlugin, { config: testConfig({ trustProxy }) });
  await app.register(forwardedWarningPlugin);
  app.get('/x', async () => 'ok');
  await app.ready();
  const call = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/x', headers });
  const warnings = () => lines.filter((l) => l.msg === FORWARDED_WARNING);
  return { app, call, warnings };
}

// In this order: the warning is once per process.
describe('X-Forwarded-For while TRUST_PROXY is off', () => {
  it('with TRUST_PROXY on nothing is said: the addresses are the clients’', async () => {
    const { app, call, warnings } = await appWith(true);
    await call({ 'x-forwarded-for': '203.0.113.7' });
    expect(warnings()).toEqual([]);
    await app.close();
  });

  it('with it off, requests without the header say nothing; the first with it warns once (level warn), later ones not', async () => {
    const { app, call, warnings } = await appWith(false);
    await call();
    expect(warnings()).toEqual([]);
    await call({ 'x-forwarded-for': '203.0.113.7' });
    await call({ 'x-forwarded-for': '203.0.113.8' });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0].level).toBe(40);
    expect(FORWARDED_WARNING).toContain('公开查验页面与证书查询的频率限制');
    await app.close();
  });

  it('once per process: a second app in the same process stays quiet', async () => {
    const { app, call, warnings } = await appWith(false);
    await call({ 'x-forwarded-for': '203.0.113.9' });
    expect(warnings()).toEqual([]);
    await app.close();
  });
});
