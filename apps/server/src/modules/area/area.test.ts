import type { Region } from '@skill-cert/shared/area';
import { describe, expect, it } from 'vitest';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { regionNames } from './service.ts';

const ctx = useTestApp();

describe('GET /api/area/info', () => {
  it('answers the national province, city and county tree with _id, name and code', async () => {
    const res = await api<Region[]>(ctx.app, 'GET', '/api/area/info');
    expect(res.body.code).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(31);
    const beijing = res.body.data.find((p) => p.code === '110000')!;
    expect(beijing).toMatchObject({ _id: '110000', name: '北京市' });
    const zhejiang = res.body.data.find((p) => p.name === '浙江省')!;
    const hangzhou = zhejiang.city!.find((c) => c.name === '杭州市')!;
    expect(hangzhou.code).toBe('330100');
    expect(hangzhou.county!.map((c) => c.name)).toContain('西湖区');
  });

  it('is the same for a signed-in user', async () => {
    const { token } = await login(ctx.app, 'qiye');
    expect((await api(ctx.app, 'GET', '/api/area/info', { token })).body.code).toBe(200);
  });

  it('names a county code by its levels', () => {
    expect(regionNames('330106')).toEqual(['浙江省', '杭州市', '西湖区']);
  });
});

describe('POST /api/dict', () => {
  it('takes a query string of params[] names and answers each dictionary', async () => {
    const { token } = await login(ctx.app, 'jigou');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/dict',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'params[]=order_status&params[]=exam_status',
    });
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.order_status).toEqual([
      { label: '待支付', value: 0 },
      { label: '已支付', value: 1 },
      { label: '已退款', value: 2 },
      { label: '已关闭', value: 3 },
    ]);
    expect(body.data.exam_status.length).toBeGreaterThan(0);
  });

  it('names an unknown dictionary and a missing list', async () => {
    const { token } = await login(ctx.app, 'jigou');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' };
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/dict',
      headers,
      payload: 'params[]=nope',
    });
    expect(unknown.json()).toEqual({ code: 400, message: '字典不存在：nope', data: null });
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/dict', headers, payload: 'x=1' });
    expect(missing.json().message).toBe('请指定要获取的字典 params[]');
  });
});
