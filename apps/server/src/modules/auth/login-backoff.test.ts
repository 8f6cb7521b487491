import { describe, expect, it } from 'vitest';
import { api, useTestApp } from '../../../test/harness.ts';
import { DEMO_PASSWORD } from '../../db/seed.ts';

// The backoff's waits are recorded and skipped: no test waits on wall time.
const waits: { ip: string; ms: number }[] = [];
let currentIp = '';
const ctx = useTestApp(
  {},
  {
    wait: async (ms) => {
      waits.push({ ip: currentIp, ms });
    },
  },
);

async function attempt(name: string, password: string, ip: string) {
  currentIp = ip;
  return api(ctx.app, 'POST', '/api/login', { body: { name, password }, ip });
}

describe('login failures from one address slow it down, never lock it', () => {
  it('a correct password from an address with 30 failures still signs in', async () => {
    waits.length = 0;
    const ip = '10.9.8.7';
    for (let i = 0; i < 30; i++) expect((await attempt(`ghost${i}`, 'bad-pass-1', ip)).status).toBe(400);
    const res = await attempt('qiye', DEMO_PASSWORD, ip);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
  });

  it('each attempt past 10 failures from an address waits longer, up to 8 s; other addresses do not wait', async () => {
    waits.length = 0;
    const ip = '10.9.8.6';
    for (let i = 0; i < 16; i++) await attempt(`ghost${i}`, 'bad-pass-1', ip);
    expect(waits.map((w) => w.ms)).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    await attempt('qiye', DEMO_PASSWORD, ip);
    expect(waits.at(-1)).toEqual({ ip, ms: 8000 });
    const before = waits.length;
    expect((await attempt('jigou', DEMO_PASSWORD, '10.0.0.1')).status).toBe(200);
    expect(waits.length).toBe(before);
  });

  it('the per-account lockout stays: 5 failures of one account refuse even its correct password', async () => {
    for (let i = 0; i < 5; i++) await attempt('jigou', 'bad-pass-1', `10.1.0.${i}`);
    const res = await attempt('jigou', DEMO_PASSWORD, '10.2.0.1');
    expect(res.status).toBe(429);
  });
});
