import type { ArchiveDetail, ArchiveDocument, ArchiveRow } from '@skill-cert/shared/archives';

/** Archives as the server answers them, for the archive pages' tests. */

export const ARCHIVE_ID = 'a0000000-0000-4000-8000-000000000001';

export const archiveRow = (extra: Partial<ArchiveRow> = {}): ArchiveRow => ({
  _id: ARCHIVE_ID,
  kind: 1,
  kind_text: '等级评价',
  source_id: 'p0000000-0000-4000-8000-000000000001',
  plan_no: 'Y000133000001202606001',
  name: '2026年电工四级评价 第二期',
  occupation_name: '电工',
  work_type: null,
  level: 4,
  level_name: '四级/中级工',
  start_date: '2026-06-01',
  end_date: '2026-06-05',
  volumes_filled: 4,
  volume_total: 5,
  paper_retention_years: 3,
  electronic_retention_years: 5,
  paper_retention_until: null,
  electronic_retention_until: null,
  expiring: false,
  status: 0,
  status_text: '整理中',
  create_time_str: '2026-05-20 10:00:00',
  sealed_time_str: null,
  sealed_by_name: null,
  ...extra,
});

export const generatedDocument = (extra: Partial<ArchiveDocument> = {}): ArchiveDocument => ({
  key: 'candidates',
  kind: 'generated',
  volume: 1,
  name: '考生名单与资格审核.xlsx',
  format: 'xlsx',
  item_id: null,
  file_id: null,
  size: null,
  created_by_name: null,
  create_time_str: null,
  ...extra,
});

export const uploadedDocument = (extra: Partial<ArchiveDocument> = {}): ArchiveDocument => ({
  key: 'i0000000-0000-4000-8000-000000000001',
  kind: 'uploaded',
  volume: 3,
  name: '签到表.pdf',
  format: 'pdf',
  item_id: 'i0000000-0000-4000-8000-000000000001',
  file_id: 'f0000000-0000-4000-8000-000000000001',
  size: 204_800,
  created_by_name: '李四',
  create_time_str: '2026-06-02 09:30:00',
  ...extra,
});

const volume = (n: 1 | 2 | 3 | 4 | 5, name: string, documents: ArchiveDocument[]) => ({
  volume: n,
  name,
  folder: `${n}-${name}`,
  accepts_uploads: n === 3 || n === 4,
  documents,
});

/** An open archive of an administrator: every volume, one upload in volume 3, nothing blocks the seal. */
export const archiveDetail = (extra: Partial<ArchiveDetail> = {}): ArchiveDetail => ({
  ...archiveRow(),
  source_status: 6,
  source_status_text: '已发证',
  volumes: [
    volume(1, '报名与资格审核', [generatedDocument()]),
    volume(2, '备案与计划', [
      generatedDocument({ key: 'plan', volume: 2, name: '评价计划与备案.pdf', format: 'pdf' }),
    ]),
    volume(3, '过程记录', [uploadedDocument()]),
    volume(4, '试卷与结果', [
      generatedDocument({ key: 'scores', volume: 4, name: '成绩表.xlsx', format: 'xlsx' }),
    ]),
    volume(5, '证书管理', []),
  ],
  timeline: [
    {
      _id: 't1',
      source: 'plan',
      action: 'approve',
      action_text: '审批通过',
      user_name: '张三',
      note: null,
      create_time_str: '2026-05-20 10:00:00',
    },
    {
      _id: 't2',
      source: 'archive',
      action: 'open',
      action_text: '建档',
      user_name: '张三',
      note: null,
      create_time_str: '2026-05-20 10:00:00',
    },
  ],
  abilities: { can_upload: true, can_delete: true, can_edit_retention: true, can_seal: true },
  seal_blocked_reason: null,
  ...extra,
});
