import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ArchiveDetail, ArchiveRow } from '@skill-cert/shared/archives';
import type { Paged } from '@skill-cert/shared/pagination';
import { describe, expect, it } from 'vitest';
import { validId } from '../../../test/fixtures/level-evaluations-plans.ts';
import {
  batchBody,
  createAndRead,
  holderRow,
  publishAndWait,
  sheetRows,
  uploadSheet,
  useOfflineCompany,
} from '../../../test/fixtures/offline-certificates.ts';
import { api, useTestApp } from '../../../test/harness.ts';
import { readZipDirectory } from '../certificate-engine/zip.ts';

const ctx = useTestApp();
const company = useOfflineCompany(ctx);

const get = (url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${company.admin}` } });

describe('the archive of an offline batch (volumes 4–5)', () => {
  it('opens at publish: the holders’ results in volume 4, the certificate list and the publish record in 5; sealed once 已发布', async () => {
    const fileId = await uploadSheet(ctx.app, company.admin, [holderRow(1, '张三'), holderRow(2, '李四')]);
    const { batch } = await createAndRead(ctx.app, company.admin, batchBody(company.siteId, fileId));
    const before = await api<Paged<ArchiveRow>>(ctx.app, 'GET', '/api/archives?kind=2', {
      token: company.admin,
    });
    expect(before.body.data.list).toEqual([]);
    const { first_no } = await publishAndWait(ctx.app, company.admin, batch._id);

    const list = await api<Paged<ArchiveRow>>(ctx.app, 'GET', '/api/archives?kind=2', {
      token: company.admin,
    });
    expect(list.body.data.list).toHaveLength(1);
    const [row] = list.body.data.list;
    expect(row).toMatchObject({ name: batch.name, kind: 2, volumes_filled: 2 });
    const detail = (
      await api<ArchiveDetail>(ctx.app, 'GET', `/api/archives/${row._id}`, { token: company.admin })
    ).body.data;
    expect(detail.source_status_text).toBe('已发布');
    expect(detail.volumes.map((v) => [v.volume, v.documents.map((d) => d.name)])).toEqual([
      [4, ['持证人评价结果.xlsx']],
      [5, ['证书清单.xlsx', '证书发布记录.pdf']],
    ]);
    expect(detail.timeline.map((t) => t.action_text)).toEqual(
      expect.arrayContaining(['上传证书信息', '确认发证', '证书发布完成']),
    );

    const results = await sheetRows((await get(`/api/archives/${row._id}/documents/results`)).rawPayload);
    expect(results[0].slice(0, 6)).toEqual([
      '序号',
      '姓名',
      '证件类型',
      '证件号码',
      '理论知识考试',
      '技能操作考核',
    ]);
    expect(results.slice(1).map((r) => [r[1], r[3], r[4], r[5]])).toEqual([
      ['张三', validId(1), '85', '合格'],
      ['李四', validId(2), '85', '合格'],
    ]);
    const certificates = await sheetRows(
      (await get(`/api/archives/${row._id}/documents/certificates`)).rawPayload,
    );
    expect(certificates[1][0]).toBe(first_no);
    const record = await get(`/api/archives/${row._id}/documents/publish`);
    expect(record.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    const zip = await get(`/api/archives/${row._id}/download`);
    const zipPath = path.join(await mkdtemp(path.join(tmpdir(), 'offline-archive-')), 'archive.zip');
    await writeFile(zipPath, zip.rawPayload);
    const { zip: opened, items } = await readZipDirectory(zipPath);
    opened.close();
    expect(items.map((i) => i.name)).toEqual([
      '4-试卷与结果/持证人评价结果.xlsx',
      '5-证书管理/证书清单.xlsx',
      '5-证书管理/证书发布记录.pdf',
      '目录.xlsx',
    ]);

    const sealed = await api<ArchiveDetail>(ctx.app, 'POST', `/api/archives/${row._id}/seal`, {
      token: company.admin,
    });
    expect(sealed.body.data).toMatchObject({ status: 1, status_text: '已归档' });
  });
});
