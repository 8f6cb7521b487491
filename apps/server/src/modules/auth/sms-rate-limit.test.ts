import { describe, expect, it } from 'vitest';
import { api, useTestApp } from '../../../test/harness.ts';

const ctx = useTestApp({ smsPerIpPerMinute: 2 });

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
});
