import { z } from 'zod';
import { keywordParam, optionalParam } from './fields.ts';
import { skillLevelCode } from './occupations.ts';
import { paged } from './pagination.ts';

/**
 * Archives (档案管理, DOMAIN.md Enterprise 9): one archive per approved evaluation plan (and
 * one per offline certificate batch), opened when the plan is approved and filled as it goes, in the five volumes
 * of an evaluation archive. Generated documents are produced by the server from the records at request (never typed
 * twice); users add their own material (sign-in sheets, room records, papers) to volumes 3 and 4. An administrator
 * seals the archive (已归档): from then on nothing is added or removed, and the paper and electronic retention
 * periods run from the seal.
 *
 * Routes (企业端, behind the enterprise door and the approved-filing gate; every one scoped to the caller's company:
 * another company's archive answers the 404 of an unknown one, `档案不存在或已删除`):
 *
 * | method | path | who | query / body | answer |
 * |---|---|---|---|---|
 * | GET | `/api/archives` | member | `archiveListQuery` (keyword, status, level, kind, expiring, page, per_page) | `envelope(archivePage)` |
 * | GET | `/api/archives/{id}` | member | | `envelope(archiveDetail)` |
 * | PATCH | `/api/archives/{id}` | administrator | `archiveRetentionBody` (open archives only) | `envelope(archiveDetail)` |
 * | POST | `/api/archives/{id}/items` | member | `archiveItemBody` (volume 3 or 4 of an open archive) | `envelope(archiveDocument)` |
 * | DELETE | `/api/archives/{id}/items/{itemId}` | administrator | (open archives only) | `noData` |
 * | POST | `/api/archives/{id}/seal` | administrator | (see `archiveDetail.seal_blocked_reason`) | `envelope(archiveDetail)` |
 * | GET | `/api/archives/{id}/documents/{key}` | member (also by the session cookie) | `?download=1` as attachment | the document's file (xlsx, pdf, or the uploaded file), inline |
 * | GET | `/api/archives/{id}/download` | member (also by the session cookie) | | a streamed zip: one folder per volume (`archiveFolderName`), then `目录.xlsx` |
 */

// ---------------------------------------------------------------------------------------------- states

/** 0 整理中 (open: filled as the evaluation goes, uploads accepted), 1 已归档 (sealed). */
export const ArchiveStatus = { OPEN: 0, SEALED: 1 } as const;
export type ArchiveStatusValue = (typeof ArchiveStatus)[keyof typeof ArchiveStatus];
export const archiveStatusCode = z.literal([0, 1], { error: '档案状态不正确' });
export const archiveStatusText: Record<ArchiveStatusValue, string> = { 0: '整理中', 1: '已归档' };
/** Tag colours (antd preset names). */
export const archiveStatusColor: Record<ArchiveStatusValue, string> = { 0: 'processing', 1: 'purple' };

/** What the archive is of: 1 an evaluation plan (等级评价), 2 an offline certificate batch (证书生成). */
export const ArchiveKind = { EVALUATION: 1, OFFLINE_BATCH: 2 } as const;
export type ArchiveKindValue = (typeof ArchiveKind)[keyof typeof ArchiveKind];
export const archiveKindCode = z.literal([1, 2], { error: '档案类型不正确' });
export const archiveKindText: Record<ArchiveKindValue, string> = { 1: '等级评价', 2: '证书生成' };

// --------------------------------------------------------------------------------------------- volumes

export type ArchiveVolumeValue = 1 | 2 | 3 | 4 | 5;
export const archiveVolumeCode = z.literal([1, 2, 3, 4, 5], { error: '卷号应为 1 至 5' });

/** The five volumes of an evaluation archive; users upload to 3 and 4 only. */
export const ARCHIVE_VOLUMES: readonly { volume: ArchiveVolumeValue; name: string; uploads: boolean }[] = [
  { volume: 1, name: '报名与资格审核', uploads: false },
  { volume: 2, name: '备案与计划', uploads: false },
  { volume: 3, name: '过程记录', uploads: true },
  { volume: 4, name: '试卷与结果', uploads: true },
  { volume: 5, name: '证书管理', uploads: false },
];
export const archiveVolumeName = (volume: number): string =>
  ARCHIVE_VOLUMES.find((v) => v.volume === volume)?.name ?? `第${volume}卷`;
/** Volumes that accept uploaded material. */
export const UPLOAD_VOLUMES: readonly ArchiveVolumeValue[] = [3, 4];
export const volumeAcceptsUploads = (volume: number): boolean =>
  (UPLOAD_VOLUMES as readonly number[]).includes(volume);
/** The volumes each kind of archive holds (an offline batch: 4 and 5). */
export const archiveKindVolumes: Record<ArchiveKindValue, readonly ArchiveVolumeValue[]> = {
  1: [1, 2, 3, 4, 5],
  2: [4, 5],
};
/** A volume's folder in the downloaded zip: `1-报名与资格审核`. */
export const archiveFolderName = (volume: number): string => `${volume}-${archiveVolumeName(volume)}`;
/** The zip's table of contents, at its root. */
export const ARCHIVE_INDEX_NAME = '目录.xlsx';

// ------------------------------------------------------------------------------------------- retention

/** Default retention from the seal, in years; an administrator may change them per archive while it is open. */
export const PAPER_RETENTION_YEARS = 3;
export const ELECTRONIC_RETENTION_YEARS = 5;
/**
 * The shortest retention the rules of skill-level evaluation archives allow (纸质材料保管不少于3年，电子材料不少于5年):
 * an administrator may keep an archive longer, never shorter.
 */
export const PAPER_RETENTION_YEARS_MIN = 3;
export const ELECTRONIC_RETENTION_YEARS_MIN = 5;
/** The refusal of a retention below its minimum, naming it. */
export const retentionBelowMinimum = (label: string, min: number): string =>
  `${label}不能少于法定最短期限 ${min} 年`;
export const RETENTION_YEARS_MAX = 100;
/** The list flags (and `expiring=1` filters) sealed archives whose earlier retention date is this close. */
export const EXPIRING_WITHIN_DAYS = 90;

// ------------------------------------------------------------------------------------------- documents

/** generated: produced from the records at request; uploaded: a file a user added. */
export const ArchiveDocumentKind = { GENERATED: 'generated', UPLOADED: 'uploaded' } as const;
export type ArchiveDocumentKindValue = (typeof ArchiveDocumentKind)[keyof typeof ArchiveDocumentKind];

/**
 * One document of a volume. `key` names it in `GET /api/archives/{id}/documents/{key}` (preview, download): a
 * generated document's fixed key (`candidates`, `plan`, `scores`, …) or an uploaded item's id.
 */
export const archiveDocument = z.object({
  key: z.string(),
  kind: z.enum(['generated', 'uploaded']),
  volume: archiveVolumeCode,
  /** The file name it has in the zip, with its extension: `考生名单与资格审核.xlsx`. */
  name: z.string(),
  /** xlsx, pdf for generated ones; the uploaded file's extension (pdf, jpg, png, xlsx, docx, …). */
  format: z.string(),
  /** Uploaded only: the item's id (for DELETE), the stored file, its size, who added it and when. */
  item_id: z.string().nullable(),
  file_id: z.string().nullable(),
  size: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  create_time_str: z.string().nullable(),
});
export type ArchiveDocument = z.infer<typeof archiveDocument>;

/** A volume of the detail's tree with its documents (generated first, then uploads oldest first). */
export const archiveVolume = z.object({
  volume: archiveVolumeCode,
  name: z.string(),
  /** Its folder in the zip (archiveFolderName). */
  folder: z.string(),
  accepts_uploads: z.boolean(),
  documents: z.array(archiveDocument),
});
export type ArchiveVolume = z.infer<typeof archiveVolume>;

// ------------------------------------------------------------------------------------------ row, detail

/** A row of `/archives-management`. */
export const archiveRow = z.object({
  _id: z.string(),
  kind: archiveKindCode,
  kind_text: z.string(),
  /** The plan's (or offline batch's) id. */
  source_id: z.string(),
  /** The plan number (or the batch's number); null when it has none. */
  plan_no: z.string().nullable(),
  name: z.string(),
  occupation_name: z.string().nullable(),
  work_type: z.string().nullable(),
  level: skillLevelCode.nullable(),
  level_name: z.string().nullable(),
  /** Evaluation dates (YYYY-MM-DD). */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** Volumes holding at least one document, of `volume_total` (5 for a plan, 2 for an offline batch). */
  volumes_filled: z.number().int(),
  volume_total: z.number().int(),
  paper_retention_years: z.number().int(),
  electronic_retention_years: z.number().int(),
  /** YYYY-MM-DD, from the seal; null while open. */
  paper_retention_until: z.string().nullable(),
  electronic_retention_until: z.string().nullable(),
  /** Sealed, and the earlier retention date is within EXPIRING_WITHIN_DAYS days (or past). */
  expiring: z.boolean(),
  status: archiveStatusCode,
  status_text: z.string(),
  create_time_str: z.string(),
  sealed_time_str: z.string().nullable(),
  sealed_by_name: z.string().nullable(),
});
export type ArchiveRow = z.infer<typeof archiveRow>;
export const archivePage = paged(archiveRow);
export type ArchivePage = z.infer<typeof archivePage>;

/**
 * A step of the archive's timeline (oldest first): the plan's own steps (`source: 'plan'`, actions of
 * EvaluationAction) and the archive's (`source: 'archive'`: open 建档, upload 上传材料, remove 删除材料,
 * retention 修改保管期限, seal 归档).
 */
export const archiveTimelineItem = z.object({
  _id: z.string(),
  source: z.enum(['plan', 'archive']),
  action: z.string(),
  action_text: z.string(),
  user_name: z.string(),
  note: z.string().nullable(),
  create_time_str: z.string(),
});
export type ArchiveTimelineItem = z.infer<typeof archiveTimelineItem>;

export const ArchiveAction = {
  OPEN: 'open',
  UPLOAD: 'upload',
  REMOVE: 'remove',
  RETENTION: 'retention',
  SEAL: 'seal',
} as const;
export type ArchiveActionValue = (typeof ArchiveAction)[keyof typeof ArchiveAction];
export const archiveActionText: Record<ArchiveActionValue, string> = {
  open: '建档',
  upload: '上传材料',
  remove: '删除材料',
  retention: '修改保管期限',
  seal: '归档',
};

/** What the caller may do now; the page shows actions by these, the server checks them again. */
export const archiveAbilities = z.object({
  /** Open archive: any member uploads to volumes 3–4. */
  can_upload: z.boolean(),
  /** Open archive, administrator. */
  can_delete: z.boolean(),
  can_edit_retention: z.boolean(),
  /** Administrator, open archive, and nothing blocks the seal. */
  can_seal: z.boolean(),
});
export type ArchiveAbilities = z.infer<typeof archiveAbilities>;

/** `GET /api/archives/{id}`. */
export const archiveDetail = archiveRow.extend({
  /** The source's state (the plan's EvaluationStatus, or the batch's), with its text. */
  source_status: z.number(),
  source_status_text: z.string(),
  volumes: z.array(archiveVolume),
  timeline: z.array(archiveTimelineItem),
  abilities: archiveAbilities,
  /** Why the archive cannot be sealed now (e.g. `评价计划尚未发证，不能归档`), or null. */
  seal_blocked_reason: z.string().nullable(),
});
export type ArchiveDetail = z.infer<typeof archiveDetail>;

// ---------------------------------------------------------------------------------------------- requests

const flag = z.preprocess(
  (v) =>
    v === '1' || v === 'true' || v === true ? true : v === '0' || v === 'false' || v === false ? false : v,
  z.boolean({ error: '「expiring」应为 1 或 0' }),
);

/** `GET /api/archives` (with `page`, `per_page`): keyword matches the plan number or name. */
export const archiveListQuery = z.object({
  keyword: keywordParam,
  status: optionalParam(z.coerce.number({ error: '档案状态不正确' }).pipe(archiveStatusCode)),
  level: optionalParam(z.coerce.number({ error: '等级不正确' }).pipe(skillLevelCode)),
  kind: optionalParam(z.coerce.number({ error: '档案类型不正确' }).pipe(archiveKindCode)),
  /** 1: only sealed archives whose retention ends within EXPIRING_WITHIN_DAYS days. */
  expiring: optionalParam(flag),
});
export type ArchiveListQuery = z.infer<typeof archiveListQuery>;

/** `POST /api/archives/{id}/items`: a file already uploaded (`POST /api/files/upload`) into volume 3 or 4. */
export const archiveItemBody = z.object({
  volume: z
    .number({ error: '请选择卷' })
    .int('请选择卷')
    .refine(volumeAcceptsUploads, '只能上传到第3卷（过程记录）或第4卷（试卷与结果）'),
  file_id: z.string({ error: '请上传文件' }).uuid('文件不存在或已删除'),
  /** Shown and used in the zip; default the uploaded file's name. */
  name: z.string().trim().max(100, '材料名称不能超过100个字符').optional(),
});
export type ArchiveItemBody = z.infer<typeof archiveItemBody>;

const years = (label: string, min: number) =>
  z
    .number({ error: `${label}应为整数年` })
    .int(`${label}应为整数年`)
    .min(min, retentionBelowMinimum(label, min))
    .max(RETENTION_YEARS_MAX, `${label}不能超过${RETENTION_YEARS_MAX}年`);

/** `PATCH /api/archives/{id}` (administrator, open archive): retention in years from the seal, at least the minimum. */
export const archiveRetentionBody = z
  .object({
    paper_retention_years: years('纸质档案保管期限', PAPER_RETENTION_YEARS_MIN).optional(),
    electronic_retention_years: years('电子档案保管期限', ELECTRONIC_RETENTION_YEARS_MIN).optional(),
  })
  .refine(
    (b) => b.paper_retention_years !== undefined || b.electronic_retention_years !== undefined,
    '请填写纸质档案或电子档案保管期限',
  );
export type ArchiveRetentionBody = z.infer<typeof archiveRetentionBody>;
