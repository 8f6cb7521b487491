import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, login, useTestApp } from '../../../test/harness.ts';

const ctx = useTestApp({ smsPerIpPerMinute: 2, smsResendSeconds: 5 });

describe('SMS sends per client address', () => {
  it('refuses the send over the per-address limit with a 429 envelope', async () => {
    const ip = '10.1.2.3';
    for (const phone of ['13800000001', '13800000002']) {
      expect((await api(ctx.app, 'POST', '/api/phone/login/sms', { body: { phone }, ip })).body.code).toBe(
        200,
      );
    }
    const res = await api(ctx.app, 'POST', '/api/phone/login/sms', { body: { phone: '13800000003' }, ip });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: 429, message: '请求过于频繁，请稍后再试', data: null });
  });

  it('one budget per address across every SMS route: a third send on a third route is refused', async () => {
    const ip = '10.1.2.4';
    const login1 = await api(ctx.app, 'POST', '/api/phone/login/sms', { body: { phone: '13800000001' }, ip });
    const register = await api(ctx.app, 'POST', '/api/register/sms', { body: { phone: '13912340000' }, ip });
    expect([login1.status, register.status]).toEqual([200, 200]);
    const reset = await api(ctx.app, 'POST', '/api/resetPassword/sms', {
      body: { phone: '13800000002' },
      ip,
    });
    expect(reset.status).toBe(429);
    const { token } = await login(ctx.app, 'kaoping');
    const change = await api(ctx.app, 'GET', '/api/changePhone/sms', { token, ip });
    expect(change.status).toBe(429);
  });
});

describe('SMS sends per phone', () => {
  it('a phone gets its next code after SMS_RESEND_SECONDS (5 here), not before', async () => {
    // Each send from an address of its own: only the phone's interval is in play.
    const send = (ip: string) =>
      api(ctx.app, 'POST', '/api/phone/login/sms', { body: { phone: '13800000001' }, ip });
    expect((await send('10.2.0.1')).body.code).toBe(200);
    const early = await send('10.2.0.2');
    expect(early.status).toBe(429);
    const seconds = Number(/^验证码发送过于频繁，请(\d+)秒后再试$/.exec(early.body.message)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(5);
    await ctx.database.db.execute(sql`update sms_codes set created_at = now() - interval '5 seconds'`);
    expect((await send('10.2.0.3')).body.code).toBe(200);
  });
});
