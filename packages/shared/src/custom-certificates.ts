import { z } from 'zod';
import { pageQuery } from './pagination.ts';

/**
 * Custom certificates (spec §3, §5, §7; DOMAIN.md 10): templates with positioned blanks, batch
 * generation from a spreadsheet (+ photos zip), per-certificate regeneration, public verification.
 *
 * Naming follows the spec: the "custom certificate" whose detail dialog shows name,
 * certificate_handle_status, custom_certificate_template_info and file_info is a batch upload
 * record; its paged certificate list holds one row per generated certificate.
 */

export const BlankType = { TEXT: 1, IMAGE: 2 } as const;
export type BlankTypeValue = (typeof BlankType)[keyof typeof BlankType];

export const PageSize = { A4: 'A4', A5: 'A5', B5: 'B5' } as const;
export type PageSizeValue = (typeof PageSize)[keyof typeof PageSize];
/** Page sizes in millimetres, portrait (width × height). */
export const pageSizesMm: Record<PageSizeValue, { width: number; height: number }> = {
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
  B5: { width: 176, height: 250 },
};
export const orientation = z.enum(['portrait', 'landscape']);
export type Orientation = z.infer<typeof orientation>;
export const align = z.enum(['left', 'center', 'right']);
export type Align = z.infer<typeof align>;
const zeroOne = z.literal([0, 1]);
const blankType = z.literal([BlankType.TEXT, BlankType.IMAGE]);

/** A blank's geometry is in fractions of the page (0..1) from the top-left corner, so it holds at any scale. */
export const templateBlank = z.object({
  _id: z.string(),
  /** Machine name, unique in a template: the spreadsheet column key and the reCreate name. */
  name: z.string(),
  /** Chinese label: the spreadsheet header and the form label. */
  cn_name: z.string(),
  /** 1 required, 0 optional (spec §3). */
  required: zeroOne,
  blank_type: blankType,
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  /** Text only: points. */
  font_size: z.number(),
  /** Text only: #rrggbb. */
  color: z.string(),
  align,
  bold: zeroOne,
});
export type TemplateBlank = z.infer<typeof templateBlank>;

const unit = (label: string) =>
  z
    .number({ error: `${label}应为 0 到 1 之间的数字` })
    .min(0, `${label}超出页面`)
    .max(1, `${label}超出页面`);

export const templateBlankInput = z
  .object({
    _id: z.string().optional(),
    name: z
      .string({ error: '请输入字段名' })
      .trim()
      .regex(/^[a-z][a-z0-9_]{0,39}$/, '字段名只能包含小写字母、数字和下划线，并以字母开头'),
    cn_name: z
      .string({ error: '请输入字段中文名' })
      .trim()
      .min(1, '请输入字段中文名')
      .max(20, '字段中文名不能超过20个字符'),
    required: z.union([z.literal(0), z.literal(1)]).default(1),
    blank_type: z.union([z.literal(1), z.literal(2)], { error: '字段类型应为 1（文本）或 2（图片）' }),
    x: unit('横向位置'),
    y: unit('纵向位置'),
    width: unit('宽度').refine((v) => v > 0, '宽度应大于 0'),
    height: unit('高度').refine((v) => v > 0, '高度应大于 0'),
    font_size: z
      .number({ error: '字号应为数字' })
      .min(6, '字号不能小于 6')
      .max(96, '字号不能大于 96')
      .default(14),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, '颜色格式应为 #RRGGBB')
      .default('#000000'),
    align: z.enum(['left', 'center', 'right'], { error: '对齐方式不正确' }).default('left'),
    bold: z.union([z.literal(0), z.literal(1)]).default(0),
  })
  .refine((b) => b.x + b.width <= 1.0001 && b.y + b.height <= 1.0001, {
    message: '字段超出页面范围',
  });
export type TemplateBlankInput = z.input<typeof templateBlankInput>;

/** Where the QR code to the public page sits: x, y fractions of the page from the top-left; size a fraction of the page width. */
export const qrPlacement = z.object({ x: z.number(), y: z.number(), size: z.number() });
export type QrPlacement = z.infer<typeof qrPlacement>;

export const qrPlacementInput = z
  .object({
    x: unit('二维码横向位置'),
    y: unit('二维码纵向位置'),
    size: z.number({ error: '二维码大小应为数字' }).min(0.04, '二维码太小').max(0.5, '二维码太大'),
  })
  .refine((q) => q.x + q.size <= 1.0001, { message: '二维码超出页面范围' });

/** Width over height of the page: the QR code's height, as a fraction of the page height, is `size` times this. */
export function pageAspect(pageSize: PageSizeValue, orientation: Orientation): number {
  const mm = pageSizesMm[pageSize];
  return orientation === 'landscape' ? mm.height / mm.width : mm.width / mm.height;
}

/** The QR's place when a template does not say: the bottom-right corner, 1/10 of the page width. */
export function defaultQrPlacement(pageSize: PageSizeValue, orientation: Orientation): QrPlacement {
  const aspect = pageAspect(pageSize, orientation);
  const size = 0.1;
  const margin = 0.04;
  const round = (v: number) => Math.round(v * 10000) / 10000;
  return { x: round(1 - margin - size), y: round(1 - margin * aspect - size * aspect), size };
}

export const QR_BELOW_PAGE = '二维码超出页面底部，请上移或缩小二维码';

export const templateBody = z
  .object({
    template_name: z
      .string({ error: '请输入模板名称' })
      .trim()
      .min(1, '请输入模板名称')
      .max(50, '模板名称不能超过50个字符'),
    /** An uploaded JPG/PNG (POST /api/files/upload). */
    background_file_id: z.string({ error: '请上传证书底图' }).uuid('请上传证书底图'),
    page_size: z.enum(['A4', 'A5', 'B5'], { error: '纸张大小应为 A4、A5 或 B5' }).default('A4'),
    orientation: z.enum(['portrait', 'landscape'], { error: '纸张方向不正确' }).default('landscape'),
    blanks: z.array(templateBlankInput, { error: '请添加证书字段' }).min(1, '请至少添加一个证书字段').max(40),
    /** Optional: the bottom-right corner (defaultQrPlacement) when absent or null. */
    qr: qrPlacementInput.nullish(),
  })
  .refine((t) => new Set(t.blanks.map((b) => b.name)).size === t.blanks.length, {
    message: '字段名不能重复',
    path: ['blanks'],
  })
  // The code is square on paper: its height is `size` page widths, i.e. size × aspect of the page height.
  .refine((t) => !t.qr || t.qr.y + t.qr.size * pageAspect(t.page_size, t.orientation) <= 1.0001, {
    message: QR_BELOW_PAGE,
    path: ['qr'],
  });
export type TemplateBody = z.input<typeof templateBody>;

export const customCertificateTemplate = z.object({
  _id: z.string(),
  template_name: z.string(),
  company_name: z.string(),
  background_file_id: z.string(),
  /** The rendering background (PNG uploads converted once to JPEG). */
  background_web_path: z.string(),
  page_size: z.enum(PageSize),
  orientation,
  blanks: z.array(templateBlank),
  /** Always set (the default placement when the template gave none). */
  qr: qrPlacement,
  create_time_str: z.string(),
  update_time_str: z.string(),
});
export type CustomCertificateTemplate = z.infer<typeof customCertificateTemplate>;

/** GET /api/customCertificateTemplates: the caller's company's templates, paged, newest first. */
export const templateListQuery = pageQuery.extend({
  /** Contains. */
  template_name: z.string().trim().optional(),
});

/** GET /api/defaultBlanks: the fields a skill certificate carries, ready to drop on a template. */
export const defaultBlank = templateBlank.omit({ _id: true });
export type DefaultBlank = z.infer<typeof defaultBlank>;

/**
 * Preview: POST /api/customCertificateTemplates/preview with a (possibly unsaved) template body answers the PDF
 * itself (application/pdf, nothing stored); a refusal is the usual envelope.
 */

export const CertificateHandleStatus = { PROCESSING: 0, DONE: 1, PARTLY_FAILED: 2 } as const;
export const certificateHandleStatusText: Record<number, string> = {
  0: '生成中',
  1: '已完成',
  2: '部分失败',
};
export const ProduceStatus = { PENDING: 0, DONE: 1, FAILED: 2 } as const;
export const produceStatusText: Record<number, string> = {
  0: '待生成',
  1: '生成成功',
  2: '生成失败',
};

export const fileInfo = z.object({ originName: z.string(), webPath: z.string() });
export type FileInfo = z.infer<typeof fileInfo>;

/**
 * Upload limits of a batch's files (POST /api/files/upload judges them by content): the photos zip may be 2 GB
 * (a photo per person, thousands of people), the spreadsheet 50 MB like any other file (spec §9).
 */
export const PHOTO_ZIP_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const PHOTO_ZIP_SIZE_MESSAGE = '上传的压缩包大小不能超过 2G!';

/** New batch: the three "unused-looking" messages of spec §5 are this form's. */
export const batchUploadBody = z.object({
  name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(50, '名称不能超过50个字符'),
  custom_certificate_template_id: z.string({ error: '请选择证书模板' }).uuid('请选择证书模板'),
  /** The filled .xlsx (from zipTemplate). */
  file_id: z.string({ error: '请上传文件' }).uuid('请上传文件'),
  /** Optional .zip of photos named by ID number or row key. */
  photo_zip_file_id: z.string().uuid('照片压缩包无效').nullish(),
});
export type BatchUploadBody = z.input<typeof batchUploadBody>;

/** The data of a rejected upload (400): every structural problem found. */
export const uploadRowError = z.object({
  row: z.number().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type UploadRowError = z.infer<typeof uploadRowError>;
export const uploadRejection = z.object({ errors: z.array(uploadRowError) });
export type UploadRejection = z.infer<typeof uploadRejection>;

/** The "custom certificate" of the detail dialog: one batch upload record. */
export const customCertificateBatch = z.object({
  _id: z.string(),
  name: z.string(),
  certificate_handle_status: z.number(),
  certificate_handle_status_value: z.string(),
  custom_certificate_template_id: z.string(),
  custom_certificate_template_info: z.object({ template_name: z.string(), company_name: z.string() }),
  /** The uploaded spreadsheet. */
  file_info: fileInfo,
  total: z.number(),
  success_count: z.number(),
  failed_count: z.number(),
  /** 0..100 */
  progress: z.number(),
  creator_name: z.string(),
  create_time_str: z.string(),
  finish_time_str: z.string().nullable(),
});
export type CustomCertificateBatch = z.infer<typeof customCertificateBatch>;

/** How many photos and rows a batch upload's answer lists at most (with their totals). */
export const PHOTO_MATCH_LIST_MAX = 100;

/** How the photos of a batch upload's zip matched its rows (the answer of the upload only). */
export const photoMatchSummary = z.object({
  /** Photos of the zip no row uses (paths in the zip), at most PHOTO_MATCH_LIST_MAX. */
  unmatched_photos: z.array(z.string()),
  unmatched_photo_count: z.number(),
  /** Image blanks of rows for which the zip holds no photo (optional ones too), at most PHOTO_MATCH_LIST_MAX. */
  rows_without_photo: z.array(z.object({ row_number: z.number(), row_key: z.string(), blank: z.string() })),
  rows_without_photo_count: z.number(),
});
export type PhotoMatchSummary = z.infer<typeof photoMatchSummary>;

/** The answer of POST /api/customCertificateBatchUploadRecords: the batch, and how its photos matched. */
export const createdBatch = customCertificateBatch.extend({
  /** null when no photos zip was uploaded. */
  photo_match: photoMatchSummary.nullable(),
});
export type CreatedBatch = z.infer<typeof createdBatch>;

export const batchListQuery = pageQuery.extend({
  name: z.string().trim().optional(),
  certificate_handle_status: z.coerce.number().int().min(0).max(2).optional(),
});

export const certificateListQuery = pageQuery.extend({
  /** The holder's name (the `name` blank) or any text value, contains. */
  name: z.string().trim().optional(),
  custom_certificate_produce_status: z.coerce.number().int().min(0).max(2).optional(),
});

/** A blank with its value on one certificate (spec §3 Blank). */
export const certificateBlank = z.object({
  _id: z.string(),
  name: z.string(),
  cn_name: z.string(),
  required: zeroOne,
  blank_type: blankType,
  /** Text value, or the image's file id. */
  val: z.string(),
  /** Image blanks: where the image is served. */
  file_web_path: z.string().nullable(),
});
export type CertificateBlank = z.infer<typeof certificateBlank>;

/** One row of GET .../{id}/certificateList (spec §3 certificate list row). */
export const customCertificateRow = z.object({
  _id: z.string(),
  /** The row's number in the uploaded sheet (the header is row 1). */
  row_number: z.number(),
  /** The row's 序号 as the sheet gives it ('' when empty): what the list shows. */
  row_key: z.string(),
  blanks: z.array(certificateBlank),
  custom_certificate_produce_status: z.number(),
  custom_certificate_produce_status_value: z.string(),
  fail_reason: z.string().nullable(),
  custom_certificate_file_info: fileInfo.nullable(),
  /** /information-link/{_id} */
  verify_path: z.string(),
});
export type CustomCertificateRow = z.infer<typeof customCertificateRow>;

/** GET /api/customCertificates/{id}: one certificate with its batch, template and company. */
export const customCertificateDetail = customCertificateRow.extend({
  batch_id: z.string(),
  batch_name: z.string(),
  template_name: z.string(),
  company_name: z.string(),
  create_time_str: z.string(),
  /** When its PDF was generated. */
  generate_time_str: z.string().nullable(),
});
export type CustomCertificateDetail = z.infer<typeof customCertificateDetail>;

/** PATCH /api/customCertificates/{id}/reCreate (spec §7): blanks as name + val. */
export const reCreateBody = z.object({
  blanks: z
    .array(
      z.object({
        name: z.string({ error: '字段名不能为空' }).min(1, '字段名不能为空'),
        val: z.string().trim().default(''),
      }),
      { error: '请填写证书字段' },
    )
    .min(1, '请填写证书字段'),
});
export type ReCreateBody = z.input<typeof reCreateBody>;

/** GET /api/public/certificates/{id}: what /information-link/:id shows without login. */
export const publicCertificate = z.object({
  _id: z.string(),
  holder_name: z.string(),
  /** ID number with the middle masked, e.g. 1101**********1234. */
  id_card_masked: z.string().nullable(),
  /** Text fields of the certificate other than name and ID, in template order. */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  issuer: z.string(),
  issue_date: z.string().nullable(),
  template_name: z.string(),
  valid: z.boolean(),
  status_text: z.string(),
  /** The library status: 1 有效, 2 已撤销, 3 已换发. */
  status: z.literal([1, 2, 3]),
  /** The national number; null for a custom certificate. */
  certificate_no: z.string().nullable(),
  /** 'YYYY-MM-DD' when revoked. */
  revoked_date: z.string().nullable(),
  /** The certificate that replaced this one (已换发): its public page is /information-link/{id}. */
  replaced_by_id: z.string().nullable(),
  /**
   * A revocation undone by a reissue, on both certificates: the revoked one (now 已换发) and the one that replaced
   * it; the day of the revocation, the reason the administrator gave for the reissue, and the other certificate.
   */
  reinstated: z
    .object({ revoked_date: z.string().nullable(), reason: z.string(), other_id: z.string() })
    .nullable(),
});
export type PublicCertificate = z.infer<typeof publicCertificate>;

/** '110101199003071234' → '1101**********1234'; short values keep their first and last character. */
export function maskIdNumber(id: string): string {
  const v = id.trim();
  if (v.length <= 2) return '*'.repeat(v.length);
  if (v.length < 10) return `${v[0]}${'*'.repeat(v.length - 2)}${v[v.length - 1]}`;
  return `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}`;
}
