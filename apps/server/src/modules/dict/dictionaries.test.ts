import type { DictData } from '@skill-cert/shared/dict';
import { idTypeText, TEST_PLAN_STATUSES } from '@skill-cert/shared/level-evaluations';
import { describe, expect, it } from 'vitest';
import { approvedInstitutionFiling } from '../../../test/fixtures/institutions.ts';
import { login, useTestApp } from '../../../test/harness.ts';
import { EXAMINER_DICTIONARIES, INSTITUTION_DICTIONARIES } from './dictionaries.ts';

const ctx = useTestApp();

async function fetchDicts(token: string, names: readonly string[]): Promise<DictData> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/dict',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: names.map((n) => `params[]=${n}`).join('&'),
  });
  expect(res.json().code).toBe(200);
  return res.json().data;
}

describe('the dictionaries the institution fetches at login', () => {
  it('answers every one of them in one call, each with items', async () => {
    const { token } = await login(ctx.app, 'jigou');
    const data = await fetchDicts(token, INSTITUTION_DICTIONARIES);
    expect(Object.keys(data).sort()).toEqual([...INSTITUTION_DICTIONARIES].sort());
    for (const name of INSTITUTION_DICTIONARIES) expect([name, data[name].length > 0]).toEqual([name, true]);
  });

  it('carry the values the API uses: test plan states in their order, ID types by their codes', async () => {
    const { token } = await login(ctx.app, 'jigou');
    const data = await fetchDicts(token, [
      'test_plan_status',
      'id_type',
      'examinee_status',
      'exam_room_type',
    ]);
    expect(data.test_plan_status.map((i) => i.value)).toEqual([...TEST_PLAN_STATUSES]);
    expect(data.test_plan_status.map((i) => i.label)).toEqual([
      '草稿',
      '报名中',
      '已编排',
      '考试中',
      '阅卷中',
      '成绩待审核',
      '公示中',
      '已通过',
      '已发证',
      '已归档',
      '已取消',
    ]);
    expect(data.id_type).toEqual(
      Object.entries(idTypeText).map(([value, label]) => ({ label, value: Number(value) })),
    );
    expect(data.examinee_status).toEqual([
      { label: '待审核', value: 0 },
      { label: '已通过', value: 1 },
      { label: '已驳回', value: 2 },
    ]);
    expect(data.exam_room_type.map((i) => i.label)).toEqual(['笔试', '机考', '实操']);
  });

  it('each test plan state of the dictionary filters the test plan list', async () => {
    const { token } = await login(ctx.app, 'jigou');
    await approvedInstitutionFiling(ctx.app, token);
    const data = await fetchDicts(token, ['test_plan_status', 'examinee_status']);
    for (const { value } of data.test_plan_status) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/testPlans?status=${value}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect([value, res.json().code]).toEqual([value, 200]);
    }
  });
});

describe('the dictionaries the examiner fetches at login', () => {
  it('answers every one of them, and each task state and kind filters the task list', async () => {
    const { token } = await login(ctx.app, 'kaoping');
    const data = await fetchDicts(token, EXAMINER_DICTIONARIES);
    expect(Object.keys(data).sort()).toEqual([...EXAMINER_DICTIONARIES].sort());
    expect(data.exam_task_status.map((i) => i.label)).toEqual([
      '待开始',
      '进行中',
      '已提交',
      '已退回',
      '已完成',
    ]);
    for (const [name, param] of [
      ['exam_task_status', 'status'],
      ['exam_task_kind', 'kind'],
    ] as const)
      for (const { value } of data[name]) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/examTasks?${param}=${value}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect([name, value, res.json().code]).toEqual([name, value, 200]);
      }
  });
});
