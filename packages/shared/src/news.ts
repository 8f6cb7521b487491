import { z } from 'zod';
import { keywordParam, optionalParam } from './fields.ts';
import { paged, pageQuery } from './pagination.ts';
import { RoleType, type RoleTypeId } from './roles.ts';
import { richTextPlain } from './sanitize-html.ts';
import { toTimestamp } from './time.ts';

/** 新闻公告 (DOMAIN.md "Platform"): the platform writes articles; every portal reads those meant for it. */

export const NewsStatus = { DRAFT: 0, PUBLISHED: 1, OFFLINE: 2 } as const;
export type NewsStatusValue = (typeof NewsStatus)[keyof typeof NewsStatus];
export const newsStatusNames: Record<NewsStatusValue, string> = { 0: '草稿', 1: '已发布', 2: '已下线' };

export const NEWS_CATEGORIES = ['平台公告', '政策法规', '行业动态', '操作指南'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/** The portals an article may be shown in (every back-office role type). */
export const NEWS_PORTALS = [
  RoleType.ENTERPRISE,
  RoleType.PLATFORM,
  RoleType.INSTITUTION,
  RoleType.EXAMINER,
] as const satisfies readonly RoleTypeId[];

export const NEWS_TITLE_MAX = 100;
/** Rich text as saved (after the sanitiser); about 200 KB of text. */
export const NEWS_CONTENT_MAX = 200_000;
export const NEWS_ATTACHMENTS_MAX = 10;

const fileId = (message: string) => z.string({ error: message }).uuid(message);

export const newsAttachment = z.object({
  file_id: fileId('附件不存在，请重新上传'),
  name: z.string({ error: '附件名称不能为空' }).trim().min(1, '附件名称不能为空').max(255, '附件名称过长'),
});
export type NewsAttachment = z.infer<typeof newsAttachment>;

/** The article the platform saves (new or edited). `publish_at`: a draft published by itself then (Shanghai time). */
export const newsBody = z
  .object({
    title: z
      .string({ error: '请输入标题' })
      .trim()
      .min(1, '请输入标题')
      .max(NEWS_TITLE_MAX, `标题不能超过${NEWS_TITLE_MAX}个字符`),
    category: z.enum(NEWS_CATEGORIES, { error: `分类只能是${NEWS_CATEGORIES.join('、')}` }),
    cover_file_id: fileId('封面图片不存在，请重新上传').nullable().default(null),
    content: z
      .string({ error: '请输入正文' })
      .max(NEWS_CONTENT_MAX, '正文过长，请删减后再保存')
      .refine((html) => richTextPlain(html).length > 0 || /<img\s/i.test(html), '请输入正文'),
    attachments: z
      .array(newsAttachment, { error: '附件格式不正确' })
      .max(NEWS_ATTACHMENTS_MAX, `附件最多${NEWS_ATTACHMENTS_MAX}个`)
      .default([]),
    audience_all: z.boolean({ error: '请选择可见范围' }),
    audience: z
      .array(z.literal(NEWS_PORTALS, { error: '可见端只能是企业端、平台端、机构端或考评员端' }), {
        error: '可见端格式不正确',
      })
      .default([]),
    top: z.boolean({ error: '置顶只能是是或否' }).default(false),
    /** A message to every user of the audience when it is first published. */
    notify: z.boolean({ error: '发布通知只能是是或否' }).default(false),
    publish_at: z
      .string({ error: '定时发布时间应为“年-月-日 时:分:秒”格式，如 2026-12-01 09:00:00' })
      .refine(
        (t) => !Number.isNaN(toTimestamp(t)),
        '定时发布时间应为“年-月-日 时:分:秒”格式，如 2026-12-01 09:00:00',
      )
      .nullable()
      .default(null),
  })
  .superRefine((b, ctx) => {
    if (!b.audience_all && b.audience.length === 0)
      ctx.addIssue({ code: 'custom', path: ['audience'], message: '请选择可见端' });
  });
export type NewsBody = z.input<typeof newsBody>;

const newsFields = {
  _id: z.string(),
  title: z.string(),
  category: z.string(),
  cover_file_id: z.string().nullable(),
  /** Where the cover reads back (`/api/files/{id}`), or null. */
  cover_url: z.string().nullable(),
  top: z.boolean(),
  read_count: z.number(),
  publish_time_str: z.string().nullable(),
};

/** A row of the platform's list. */
export const newsRow = z.object({
  ...newsFields,
  status: z.literal([0, 1, 2]),
  status_name: z.string(),
  audience_all: z.boolean(),
  audience: z.array(z.number()),
  notify: z.boolean(),
  /** The time a draft publishes itself, or null. */
  publish_at_str: z.string().nullable(),
  create_time_str: z.string(),
  update_time_str: z.string(),
});
export type NewsRow = z.infer<typeof newsRow>;

/** The whole article, for the editor. */
export const newsDetail = newsRow.extend({
  content: z.string(),
  attachments: z.array(newsAttachment),
});
export type NewsDetail = z.infer<typeof newsDetail>;

/** An article as every reader sees it. */
export const publishedNewsRow = z.object({ ...newsFields, summary: z.string() });
export type PublishedNewsRow = z.infer<typeof publishedNewsRow>;
export const publishedNews = publishedNewsRow.extend({
  content: z.string(),
  attachments: z.array(newsAttachment.extend({ url: z.string() })),
});
export type PublishedNews = z.infer<typeof publishedNews>;

export const newsPage = paged(newsRow);
export type NewsPage = z.infer<typeof newsPage>;
export const publishedNewsPage = paged(publishedNewsRow);
export type PublishedNewsPage = z.infer<typeof publishedNewsPage>;

const categoryParam = optionalParam(
  z.enum(NEWS_CATEGORIES, { error: `分类只能是${NEWS_CATEGORIES.join('、')}` }),
);

export const newsListQuery = pageQuery.extend({
  title: keywordParam,
  category: categoryParam,
  status: optionalParam(
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '状态只能是 0、1 或 2' })),
  ),
});
export type NewsListQuery = z.input<typeof newsListQuery>;

export const publishedNewsQuery = pageQuery.extend({ title: keywordParam, category: categoryParam });
export type PublishedNewsQuery = z.input<typeof publishedNewsQuery>;
