import type { ExamTaskPage } from '@skill-cert/shared/exam-tasks';
import { describe, expect, it } from 'vitest';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { seedEvaluationDemo } from './demo.ts';
import { seedExaminerDemo } from './examiner-demo.ts';
import { seedInstitutionDemo } from './institution-demo.ts';

const ctx = useTestApp();

describe('the examiner demo (start-only, SEED_DEMO)', () => {
  it('gives kaoping a task of each kind and state, one double-marked paper waiting for them as 组长; running again adds nothing', async () => {
    await seedEvaluationDemo(ctx.app.db);
    await seedInstitutionDemo(ctx.app.db);
    await seedExaminerDemo(ctx.app.db);
    await seedExaminerDemo(ctx.app.db);
    const { token } = await login(ctx.app, 'kaoping');
    const res = await api<ExamTaskPage>(ctx.app, 'GET', '/api/examTasks?per_page=50', { token });
    expect(res.body.code, res.body.message).toBe(200);
    const list = res.body.data.list;
    expect(new Set(list.map((t) => t.status_text))).toEqual(
      new Set(['待开始', '进行中', '已提交', '已退回', '已完成']),
    );
    expect(new Set(list.map((t) => t.kind_text))).toEqual(
      new Set(['阅卷', '实操评分', '业绩评审', '综合评审']),
    );
    const leader = list.find((t) => t.round_text === '组长裁定')!;
    expect([leader.status_text, leader.total]).toEqual(['待开始', 1]);
    expect(list.find((t) => t.status_text === '已退回')?.return_reason).toContain('业绩材料');
    expect(list.length).toBe(9);
    // On the institution's test plans: a room's 实操评分 waiting, the published plan's 阅卷 done.
    expect(
      list.filter((t) => t.owner_kind === 2).map((t) => [t.kind_text, t.status_text, Boolean(t.room_name)]),
    ).toEqual(
      expect.arrayContaining([
        ['实操评分', '待开始', true],
        ['阅卷', '已完成', false],
      ]),
    );

    const owner = (await login(ctx.app, 'qiye')).token;
    const markings = await api<{ state_text: string }[]>(
      ctx.app,
      'GET',
      `/api/levelEvaluations/${leader.plan_id}/markings?method=1`,
      { token: owner },
    );
    expect(markings.body.data.map((m) => m.state_text)).toContain('三评仍超差，待组长裁定');
    expect(markings.body.data.map((m) => m.state_text)).toContain('三评取相近分的平均分');
  });
});
