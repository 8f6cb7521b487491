import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ArchiveDetail, ArchiveDocument, ArchiveRow } from '@skill-cert/shared/archive';
import { EvaluationStatus, type LevelEvaluationDetail } from '@skill-cert/shared/levelEvaluation';
import type { Paged } from '@skill-cert/shared/pagination';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../test/harness.ts';
import { jpeg } from '../certificate-engine/test-fixtures.ts';
import { readZipDirectory } from '../certificate-engine/zip.ts';
import { enterpriseToken, upload } from '../custom-certificates/test-fixtures.ts';
import { seedEvaluationDemo } from '../level-evaluations/demo.ts';
import { levelEvaluationLogs, levelEvaluations } from '../level-evaluations/tables.ts';
import { otherCompanyUser, useEvaluationApp } from '../level-evaluations/test-app.ts';
import { addCandidates, approvedFiling, createPlan, planBody } from '../level-evaluations/test-fixtures.ts';
import { seedGrantablePlan } from '../level-evaluations/test-grant-plans.ts';
import { ARCHIVE_NOT_FOUND } from './archives.ts';
import { openDemoArchives } from './demo.ts';
import { archives } from './tables.ts';
import { openPlanArchive, seedGrantedArchive } from './test-archives.ts';

const { ctx, as } = useEvaluationApp();
let member = '';
beforeEach(async () => {
  member = await enterpriseToken(ctx.app, 'duojuese');
});

const scratch = mkdtempSync(path.join(tmpdir(), 'arc-zip-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const file = path.join(scratch, `${randomUUID()}.zip`);
  writeFileSync(file, bytes);
  const { zip, items } = await readZipDirectory(file);
  const out = new Map<string, Buffer>();
  for (const item of items) {
    const chunks: Buffer[] = [];
    for await (const c of await zip.openReadStreamPromise(item.entry)) chunks.push(c as Buffer);
    out.set(item.name, Buffer.concat(chunks));
  }
  zip.close();
  return out;
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
    const waiting = await openPlanArchive(ctx.app.db, planId);
    expect((await detail(waiting)).seal_blocked_reason).toBe('评价计划尚未发证，不能归档');
    const refused = await api(ctx.app, 'POST', url(waiting, '/seal'), { token: as.token });
    expect([refused.status, refused.body.message]).toEqual([400, '评价计划尚未发证，不能归档']);

    const { planId: none } = await seedGrantablePlan(ctx.app.db, as.companyId, { passed: 0, firstId: 10 });
    const empty = await openPlanArchive(ctx.app.db, none);
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
    const bad = await api(ctx.app, 'PATCH', url(archiveId), {
      token: as.token,
      body: { paper_retention_years: 0 },
    });
    expect([bad.status, bad.body.message]).toEqual([400, '纸质档案保管期限至少1年']);
    const sealed = (await api<ArchiveDetail>(ctx.app, 'POST', url(archiveId, '/seal'), { token: as.token }))
      .body.data;
    const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
    expect(sealed.paper_retention_until?.slice(0, 4)).toBe(String(year + 10));
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
    await uploadTo(archiveId, 3, as.token, '签到表');
    await uploadTo(archiveId, 3, as.token, '签到表');
    const res = await get(url(archiveId, '/download'));
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/zip']);
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
