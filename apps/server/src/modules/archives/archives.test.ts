import { randomUUID } from 'node:crypto';
import {
  type ArchiveDetail,
  type ArchiveDocument,
  ArchiveKind,
  type ArchiveRow,
  EXPIRING_WITHIN_DAYS,
} from '@skill-cert/shared/archives';
import { EvaluationStatus, type LevelEvaluationDetail } from '@skill-cert/shared/level-evaluations';
import { OfflineBatchStatus } from '@skill-cert/shared/offline-certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openPlanArchive, seedGrantedArchive } from '../../../test/fixtures/archives.ts';
import { jpeg, rawZip, unzip } from '../../../test/fixtures/certificate-engine.ts';
import { enterpriseToken, upload } from '../../../test/fixtures/custom-certificates.ts';
import {
  addCandidates,
  approvedFiling,
  createPlan,
  planBody,
} from '../../../test/fixtures/level-evaluations.ts';
import { otherCompanyUser, useEvaluationApp } from '../../../test/fixtures/level-evaluations-app.ts';
import { seedGrantablePlan } from '../../../test/fixtures/level-evaluations-grant-plans.ts';
import { seedApprovedFiling, seedPlan } from '../../../test/fixtures/level-evaluations-plans.ts';
import { api } from '../../../test/harness.ts';
import { listStatements } from '../../../test/statements.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CertificateTemplate } from '../certificate-engine/types.ts';
import { openDemoArchives } from '../level-evaluations/archive-demo.ts';
import { seedEvaluationDemo } from '../level-evaluations/demo.ts';
import { levelEvaluationLogs, levelEvaluations } from '../level-evaluations/tables.ts';
import { offlineCertificateBatches } from '../offline-certificates/tables.ts';
import { ARCHIVE_NOT_FOUND } from './archives.ts';
import { archives } from './tables.ts';

const { ctx, as } = useEvaluationApp();
let member = '';
beforeEach(async () => {
  member = await enterpriseToken(ctx.app, 'duojuese');
});

const url = (id: string, tail = '') => `/api/archives/${id}${tail}`;
const detail = async (id: string, token = as.token) => {
  const res = await api<ArchiveDetail>(ctx.app, 'GET', url(id), { token });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
};
const list = async (query = '', token = as.token) => {
  const res = await api<Paged<ArchiveRow>>(ctx.app, 'GET', `/api/archives${query}`, { token });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
};
const get = (path: string, token = as.token) =>
  ctx.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });

async function workbook(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))),
    );
  });
  return rows;
}

const uploadTo = async (archiveId: string, volume: number, token = as.token, name?: string) => {
  const fileId = await upload(ctx.app, token, '签到表.jpg', jpeg(60, 40), 'any');
  return api<ArchiveDocument>(ctx.app, 'POST', url(archiveId, '/items'), {
    token,
    body: { volume, file_id: fileId, ...(name ? { name } : {}) },
  });
};

describe('opening', () => {
  it('an archive opens when a plan is approved, in the same step, with 建档 on its timeline', async () => {
    const f = await approvedFiling(ctx.app, as.token);
    const draft = await createPlan(ctx.app, as.token, planBody(f));
    await addCandidates(ctx.app, draft._id, 2);
    await api(ctx.app, 'POST', `/api/levelEvaluations/${draft._id}/submit`, { token: as.token });
    expect((await list()).list).toEqual([]);
    const approved = await api<LevelEvaluationDetail>(
      ctx.app,
      'POST',
      `/api/levelEvaluations/${draft._id}/review`,
      {
        token: as.token,
        body: { action: 'approve' },
      },
    );
    expect(approved.body.code, approved.body.message).toBe(200);
    const { list: rows } = await list();
    expect(rows.map((r) => [r.source_id, r.name, r.status, r.status_text, r.volume_total])).toEqual([
      [draft._id, '2026年电工四级评价', 0, '整理中', 5],
    ]);
    const d = await detail(rows[0]!._id);
    expect(d.source_status_text).toBe('进行中');
    expect(d.timeline.filter((s) => s.source === 'archive').map((s) => s.action_text)).toEqual(['建档']);
    expect(d.timeline.some((s) => s.source === 'plan' && s.action === 'approve')).toBe(true);
    // Volume 1 (candidates) and 2 (the plan) are filled from the records already.
    expect(d.volumes_filled).toBe(2);
  });
});

describe('generated documents', () => {
  it('each volume holds the documents produced from the records: candidates, plan, scores, certificates, grant', async () => {
    const { archiveId } = await seedGrantedArchive(ctx.app.db, as.companyId, {
      passed: 3,
      revokeFirst: true,
    });
    const d = await detail(archiveId);
    expect(d.volumes.map((v) => [v.folder, v.documents.map((x) => x.name)])).toEqual([
      ['1-报名与资格审核', ['考生名单与资格审核.xlsx']],
      ['2-备案与计划', ['评价计划与备案.pdf']],
      ['3-过程记录', []],
      ['4-试卷与结果', ['成绩表.xlsx']],
      ['5-证书管理', ['证书清单.xlsx', '发证与撤销记录.pdf']],
    ]);
    expect(d.volumes_filled).toBe(4);

    const candidates = await workbook((await get(url(archiveId, '/documents/candidates'))).rawPayload);
    expect(candidates[0]?.slice(0, 4)).toEqual(['序号', '姓名', '证件类型', '证件号码']);
    expect(candidates.slice(1).map((r) => [r[1], r[14]])).toEqual([
      ['考生00001', '合格'],
      ['考生00002', '合格'],
      ['考生00003', '合格'],
      ['不合格', '不合格'],
    ]);
    const scores = await workbook((await get(url(archiveId, '/documents/scores'))).rawPayload);
    expect(scores[0]).toEqual(['姓名', '证件号码', '理论知识考试', '技能操作考核', '结果']);
    expect(scores).toHaveLength(5);
    const certificates = await workbook((await get(url(archiveId, '/documents/certificates'))).rawPayload);
    expect(certificates[0]?.slice(0, 2)).toEqual(['证书编号', '姓名']);
    expect(
      certificates
        .slice(1)
        .map((r) => r[9])
        .sort(),
    ).toEqual(['已撤销', '有效', '有效']);
    for (const key of ['plan', 'grant']) {
      const pdf = await get(url(archiveId, `/documents/${key}`));
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Type \/Pages \/Kids \[[^\]]+\] \/Count \d+/);
    }
    expect((await get(url(archiveId, '/documents/nothing'))).statusCode).toBe(404);
  });
});

describe('uploads', () => {
  it('members upload to volumes 3 and 4 only; the document is listed under its volume and can be read', async () => {
    const { archiveId } = await seedGrantedArchive(ctx.app.db, as.companyId);
    const ok = await uploadTo(archiveId, 3, member, '第一场签到表');
    expect(ok.body.code, ok.body.message).toBe(200);
    expect([ok.body.data.volume, ok.body.data.name, ok.body.data.kind]).toEqual([
      3,
      '第一场签到表.jpg',
      'uploaded',
    ]);
    expect((await uploadTo(archiveId, 4, member)).body.code).toBe(200);
    for (const volume of [1, 2, 5]) {
      const refused = await uploadTo(archiveId, volume, member);
      expect([refused.status, refused.body.message]).toEqual([
        400,
        '只能上传到第3卷（过程记录）或第4卷（试卷与结果）',
      ]);
    }
    const d = await detail(archiveId, member);
    expect(d.volumes[2]?.documents.map((x) => x.name)).toEqual(['第一场签到表.jpg']);
    expect(d.volumes_filled).toBe(5);
    expect(d.abilities).toEqual({
      can_upload: true,
      can_delete: false,
      can_edit_retention: false,
      can_seal: false,
    });
    const file = await get(url(archiveId, `/documents/${ok.body.data.key}`), member);
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });

  it('a ZIP of material is taken as it is (the upload hint names it)', async () => {
    const { archiveId } = await seedGrantedArchive(ctx.app.db, as.companyId);
    const zip = rawZip([{ name: '考场照片/1.jpg', data: jpeg(20, 20) }]);
    const fileId = await upload(ctx.app, member, '考场照片.zip', zip, 'any');
    const res = await api<ArchiveDocument>(ctx.app, 'POST', url(archiveId, '/items'), {
      token: member,
      body: { volume: 3, file_id: fileId },
    });
    expect(res.body.code, res.body.message).toBe(200);
    expect([res.body.data.name, res.body.data.format]).toEqual(['考场照片.zip', 'zip']);
  });
});

/** An offline batch of the company written directly with its archive open (the offline tests open theirs by publishing). */
async function seedOfflineArchive(db: DbOrTx, companyId: string, name: string) {
  const [batch] = await db
    .insert(offlineCertificateBatches)
    .values({
      companyId,
      name,
      occupationCode: '6-31-01-03',
      occupationName: '电工',
      level: 4,
      startDate: '2025-05-01',
      endDate: '2025-05-20',
      siteId: randomUUID(),
      siteName: '一号实训楼',
      templateId: 'national',
      template: { template_name: '职业技能等级证书' } as CertificateTemplate,
      issueDate: '2025-06-01',
      fileId: randomUUID(),
      status: OfflineBatchStatus.PUBLISHED,
      createdBy: randomUUID(),
    })
    .returning();
  const [archive] = await db
    .insert(archives)
    .values({ companyId, kind: ArchiveKind.OFFLINE_BATCH, sourceId: batch.id, name: batch.name })
    .returning();
  return { batchId: batch.id, archiveId: archive.id };
}

describe('GET /api/archives', () => {
  it("reads a page, its total, its uploads and its sources' states in one statement whatever the page size, a page read before in none", async () => {
    const filingId = await seedApprovedFiling(ctx.app.db, as.companyId);
    // Both kinds on every page, newest first: a plan's archive, then an offline batch's, and so on.
    for (let i = 0; i < 30; i++) {
      const planId = await seedPlan(ctx.app.db, as.companyId, {
        filingId,
        status: EvaluationStatus.IN_PROGRESS,
      });
      await openPlanArchive(ctx.app.db, as.companyId, planId);
      await seedOfflineArchive(ctx.app.db, as.companyId, `线下批次${i}`);
    }
    const { bySize, repeated } = await listStatements(ctx.app, as.token, '/api/archives');
    expect(bySize).toEqual([1, 1, 1]);
    expect(repeated).toBe(ctx.database.kind === 'pglite' ? 0 : 1);
  });

  it("shows each kind's source state and the volumes it fills, as the detail does", async () => {
    const { archiveId: planArchive } = await seedGrantedArchive(ctx.app.db, as.companyId);
    const { archiveId: batchArchive } = await seedOfflineArchive(ctx.app.db, as.companyId, '线下批次');
    const rows = (await list()).list;
    for (const id of [planArchive, batchArchive]) {
      const row = rows.find((r) => r._id === id);
      const d = await detail(id);
      expect([row?.volumes_filled, row?.status_text]).toEqual([d.volumes_filled, d.status_text]);
    }
    expect(rows.find((r) => r._id === planArchive)?.volumes_filled).toBe(4);
    expect(rows.find((r) => r._id === batchArchive)?.volumes_filled).toBe(2);
    expect((await detail(planArchive)).source_status_text).toBe('已发证');
    expect((await detail(batchArchive)).source_status_text).toBe('已发布');
  });

  it('a page read before shows an upload, a change of its plan and of its offline batch', async () => {
    const { archiveId, planId } = await seedGrantedArchive(ctx.app.db, as.companyId);
    const { archiveId: batchArchive, batchId } = await seedOfflineArchive(
      ctx.app.db,
      as.companyId,
      '线下批次',
    );
    const filled = async (id: string) => (await list()).list.find((a) => a._id === id)?.volumes_filled;
    expect(await filled(archiveId)).toBe(4);
    expect((await uploadTo(archiveId, 3, member)).body.code).toBe(200);
    expect(await filled(archiveId)).toBe(5);
    // Without candidates the plan has no candidate sheet (volume 1) and no score table (volume 4).
    await ctx.app.db
      .update(levelEvaluations)
      .set({ candidateCount: 0 })
      .where(eq(levelEvaluations.id, planId));
    expect(await filled(archiveId)).toBe(3);
    expect(await filled(batchArchive)).toBe(2);
    await ctx.app.db
      .update(offlineCertificateBatches)
      .set({ status: OfflineBatchStatus.TO_CONFIRM })
      .where(eq(offlineCertificateBatches.id, batchId));
    expect(await filled(batchArchive)).toBe(0);
  });

  it('a page read before holds only until the day changes: a retention end comes within 90 days at midnight', async () => {
    // The clock stands still ten seconds before midnight in China, well within the time any page is kept.
    const DAY = 86_400_000;
    const SHANGHAI = 8 * 3600_000;
    const midnight = (Math.floor((Date.now() + SHANGHAI) / DAY) + 1) * DAY - SHANGHAI;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(midnight - 10_000);
      const token = await enterpriseToken(ctx.app);
      const { archiveId } = await seedGrantedArchive(ctx.app.db, as.companyId);
      await api(ctx.app, 'POST', url(archiveId, '/seal'), { token });
      const today = new Date(midnight - 10_000 + SHANGHAI);
      const until = new Date(today.getTime() + (EXPIRING_WITHIN_DAYS + 1) * DAY).toISOString().slice(0, 10);
      await ctx.app.db.update(archives).set({ paperUntil: until }).where(eq(archives.id, archiveId));
      const expiring = async () => (await list('', token)).list.map((r) => r.expiring);
      expect(await expiring()).toEqual([false]);
      vi.setSystemTime(midnight + 1_000);
      expect(await expiring()).toEqual([true]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('seal', () => {
  it('an administrator seals: 已归档 with retention dates from today, the plan 7 已归档, the seal on both timelines', async () => {
    const { archiveId, planId } = await seedGrantedArchive(ctx.app.db, as.companyId);
    const res = await api<ArchiveDetail>(ctx.app, 'POST', url(archiveId, '/seal'), { token: as.token });
    expect(res.body.code, res.body.message).toBe(200);
    const d = res.body.data;
    expect([d.status, d.status_text, d.source_status, d.source_status_text]).toEqual([
      1,
      '已归档',
      7,
      '已归档',
    ]);
    const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
    expect(d.paper_retention_until?.slice(0, 4)).toBe(String(year + 3));
    expect(d.electronic_retention_until?.slice(0, 4)).toBe(String(year + 5));
    expect(d.timeline.at(-1)?.action_text).toBe('归档');
    const [plan] = await ctx.app.db.select().from(levelEvaluations).where(eq(levelEvaluations.id, planId));
    expect(plan?.status).toBe(EvaluationStatus.ARCHIVED);
    const logs = await ctx.app.db
      .select()
      .from(levelEvaluationLogs)
      .where(eq(levelEvaluationLogs.evaluationId, planId));
    expect(logs.map((l) => l.action)).toContain('archive');
  });

  it('a sealed archive refuses uploads, deletions, retention changes and a second seal', async () => {
    const { archiveId } = await seedGrantedArchive(ctx.app.db, as.companyId);
    const item = await uploadTo(archiveId, 3);
    await api(ctx.app, 'POST', url(archiveId, '/seal'), { token: as.token });
    const refusals = [
      await uploadTo(archiveId, 3),
      await api(ctx.app, 'DELETE', url(archiveId, `/items/${item.body.data.item_id}`), { token: as.token }),
      await api(ctx.app, 'PATCH', url(archiveId), { token: as.token, body: { paper_retention_years: 10 } }),
      await api(ctx.app, 'POST', url(archiveId, '/seal'), { token: as.token }),
    ];
    expect(refusals.map((r) => [r.status, r.body.message])).toEqual([
      [400, '档案已归档，不能再上传材料'],
      [400, '档案已归档，不能删除材料'],
      [400, '档案已归档，不能修改保管期限'],
      [400, '档案已归档，请勿重复归档'],
    ]);
    expect((await detail(archiveId)).volumes[2]?.documents).toHaveLength(1);
  });

  it('a plan 已通过 with 合格 candidates cannot be sealed before its certificates are granted; one with nobody 合格 can', async () => {
    const { planId } = await seedGrantablePlan(ctx.app.db, as.companyId, { passed: 2 });
    await ctx.app.db.update(levelEvaluations).set({ passCount: 2 }).where(eq(levelEvaluations.id, planId));
    const waiting = await openPlanArchive(ctx.app.db, as.companyId, planId);
    expect((await detail(waiting)).seal_blocked_reason).toBe('评价计划尚未发证，不能归档');
    const refused = await api(ctx.app, 'POST', url(waiting, '/seal'), { token: as.token });
    expect([refused.status, refused.body.message]).toEqual([400, '评价计划尚未发证，不能归档']);

    const { planId: none } = await seedGrantablePlan(ctx.app.db, as.companyId, { passed: 0, firstId: 10 });
    const empty = await openPlanArchive(ctx.app.db, as.companyId, none);
    const sealed = await api<ArchiveDetail>(ctx.app, 'POST', url(empty, '/seal'), { token: as.token });
    expect(sealed.body.code, sealed.body.message).toBe(200);
    expect(sealed.body.data.source_status).toBe(7);
  });
});

describe('retention', () => {
  it('an administrator edits retention while the archive is open; the seal dates follow it', async () => {
    const { archiveId } = await seedGrantedArchive(ctx.app.db, as.companyId);
    const res = await api<ArchiveDetail>(ctx.app, 'PATCH', url(archiveId), {
      token: as.token,
      body: { paper_retention_years: 10, electronic_retention_years: 30 },
    });
    expect(res.body.code, res.body.message).toBe(200);
    expect([res.body.data.paper_retention_years, res.body.data.electronic_retention_years]).toEqual([10, 30]);
    const sealed = (await api<ArchiveDetail>(ctx.app, 'POST', url(archiveId, '/seal'), { token: as.token }))
      .body.data;
    const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
    expect(sealed.paper_retention_until?.slice(0, 4)).toBe(String(year + 10));
  });

  it('a retention below the legal minimum (paper 3 years, electronic 5) is refused naming it, and nothing changes', async () => {
    const { archiveId } = await seedGrantedArchive(ctx.app.db, as.companyId);
    for (const [body, message] of [
      [{ paper_retention_years: 0 }, '纸质档案保管期限不能少于法定最短期限 3 年'],
      [
        { paper_retention_years: 2, electronic_retention_years: 10 },
        '纸质档案保管期限不能少于法定最短期限 3 年',
      ],
      [{ electronic_retention_years: 4 }, '电子档案保管期限不能少于法定最短期限 5 年'],
    ] as const) {
      const res = await api(ctx.app, 'PATCH', url(archiveId), { token: as.token, body });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const detail = (await api<ArchiveDetail>(ctx.app, 'GET', url(archiveId), { token: as.token })).body.data;
    expect([detail.paper_retention_years, detail.electronic_retention_years]).toEqual([3, 5]);
    const least = await api<ArchiveDetail>(ctx.app, 'PATCH', url(archiveId), {
      token: as.token,
      body: { paper_retention_years: 3, electronic_retention_years: 5 },
    });
    expect(least.body.code, least.body.message).toBe(200);
  });

  it('expiring=1 lists the sealed archives whose retention ends within 90 days', async () => {
    const soon = await seedGrantedArchive(ctx.app.db, as.companyId);
    const later = await seedGrantedArchive(ctx.app.db, as.companyId);
    const open = await seedGrantedArchive(ctx.app.db, as.companyId);
    for (const a of [soon, later]) await api(ctx.app, 'POST', url(a.archiveId, '/seal'), { token: as.token });
    const inDays = (days: number) =>
      new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
    await ctx.app.db
      .update(archives)
      .set({ paperUntil: inDays(60) })
      .where(eq(archives.id, soon.archiveId));
    await ctx.app.db
      .update(archives)
      .set({ paperUntil: inDays(120) })
      .where(eq(archives.id, later.archiveId));
    const expiring = await list('?expiring=1');
    expect(expiring.list.map((r) => [r._id, r.expiring])).toEqual([[soon.archiveId, true]]);
    const all = await list();
    expect(all.list.map((r) => r._id).sort()).toEqual(
      [soon.archiveId, later.archiveId, open.archiveId].sort(),
    );
    expect(all.list.find((r) => r._id === later.archiveId)?.expiring).toBe(false);
    expect((await list('?status=0')).list.map((r) => r._id)).toEqual([open.archiveId]);
  });
});

describe('role and tenant', () => {
  it('members may not delete, seal or edit retention (403)', async () => {
    const { archiveId } = await seedGrantedArchive(ctx.app.db, as.companyId);
    const item = await uploadTo(archiveId, 3, member);
    for (const [method, path, body] of [
      ['DELETE', url(archiveId, `/items/${item.body.data.item_id}`)],
      ['POST', url(archiveId, '/seal')],
      ['PATCH', url(archiveId), { paper_retention_years: 4 }],
    ] as const) {
      const res = await api(ctx.app, method, path, { token: member, body });
      expect([method, path, res.status]).toEqual([method, path, 403]);
    }
    const removed = await api(ctx.app, 'DELETE', url(archiveId, `/items/${item.body.data.item_id}`), {
      token: as.token,
    });
    expect(removed.body.code, removed.body.message).toBe(200);
    expect(
      (await detail(archiveId)).timeline.map((s) => s.action).filter((a) => a === 'remove'),
    ).toHaveLength(1);
  });

  it("another company's archive answers as an unknown one (404) on every route, and is not listed", async () => {
    const { archiveId } = await seedGrantedArchive(ctx.app.db, as.companyId);
    const item = await uploadTo(archiveId, 3);
    const other = await otherCompanyUser(ctx.app);
    for (const [method, path, body] of [
      ['GET', url(archiveId)],
      ['PATCH', url(archiveId), { paper_retention_years: 4 }],
      ['POST', url(archiveId, '/items'), { volume: 3, file_id: randomUUID() }],
      ['DELETE', url(archiveId, `/items/${item.body.data.item_id}`)],
      ['POST', url(archiveId, '/seal')],
      ['GET', url(archiveId, '/documents/candidates')],
      ['GET', url(archiveId, '/download')],
    ] as const) {
      const res = await api(ctx.app, method, path, { token: other, body });
      expect([method, path, res.status, res.body?.message]).toEqual([method, path, 404, ARCHIVE_NOT_FOUND]);
    }
    // A page of qiye's read just before is not another company's answer to the same query.
    expect((await list()).list.map((r) => r._id)).toEqual([archiveId]);
    expect((await list('', other)).list).toEqual([]);
  });
});

describe('demo (SEED_DEMO)', () => {
  it('every approved demo plan has its archive; the plan 进行中 has a sign-in sheet in volume 3; running again adds nothing', async () => {
    await seedEvaluationDemo(ctx.app.db);
    await openDemoArchives(ctx.app);
    await openDemoArchives(ctx.app);
    const { list: rows } = await list();
    expect(rows.map((r) => r.name).sort()).toEqual(
      [
        '焊工（电焊工）五级评价',
        '电工三级（高级工）评价',
        '焊工（电焊工）四级评价',
        '2026年焊工（电焊工）五级评价 第二期',
        '2026年电工四级评价 第二期',
      ].sort(),
    );
    const inProgress = rows.find((r) => r.name === '焊工（电焊工）五级评价')!;
    const d = await detail(inProgress._id);
    expect(d.volumes[2]?.documents.map((x) => [x.name, x.format])).toEqual([['理论考试签到表.pdf', 'pdf']]);
    const sheet = await get(url(inProgress._id, `/documents/${d.volumes[2]?.documents[0]?.key}`));
    expect(sheet.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('download', () => {
  it('the zip has one folder per volume with its documents and a 目录.xlsx listing every one', async () => {
    const { archiveId } = await seedGrantedArchive(ctx.app.db, as.companyId);
    const empty = await get(url(archiveId, '/download'));
    expect([...(await unzip(empty.rawPayload)).keys()]).toContain('3-过程记录/');
    await uploadTo(archiveId, 3, as.token, '签到表');
    await uploadTo(archiveId, 3, as.token, '签到表');
    const res = await get(url(archiveId, '/download'));
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/zip']);
    // Named after the plan: {计划编号}_{计划名称}_档案.zip.
    const { plan_no, name } = await detail(archiveId);
    expect(plan_no).toBeTruthy();
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(`${plan_no}_${name}_档案.zip`)}`,
    );
    const files = await unzip(res.rawPayload);
    expect([...files.keys()]).toEqual([
      '1-报名与资格审核/考生名单与资格审核.xlsx',
      '2-备案与计划/评价计划与备案.pdf',
      '3-过程记录/签到表.jpg',
      '3-过程记录/签到表(2).jpg',
      '4-试卷与结果/成绩表.xlsx',
      '5-证书管理/证书清单.xlsx',
      '5-证书管理/发证与撤销记录.pdf',
      '目录.xlsx',
    ]);
    const index = await workbook(files.get('目录.xlsx') as Buffer);
    expect(index[0]).toEqual(['序号', '卷', '文件', '类型', '上传人', '上传时间']);
    expect(index.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual([
      ['第1卷 报名与资格审核', '1-报名与资格审核/考生名单与资格审核.xlsx', '系统生成'],
      ['第2卷 备案与计划', '2-备案与计划/评价计划与备案.pdf', '系统生成'],
      ['第3卷 过程记录', '3-过程记录/签到表.jpg', '上传'],
      ['第3卷 过程记录', '3-过程记录/签到表(2).jpg', '上传'],
      ['第4卷 试卷与结果', '4-试卷与结果/成绩表.xlsx', '系统生成'],
      ['第5卷 证书管理', '5-证书管理/证书清单.xlsx', '系统生成'],
      ['第5卷 证书管理', '5-证书管理/发证与撤销记录.pdf', '系统生成'],
    ]);
    expect((await workbook(files.get('1-报名与资格审核/考生名单与资格审核.xlsx') as Buffer)).length).toBe(5);
  });
});
