import { z } from 'zod';
import { keywordParam, optionalParam } from './fields.ts';
import { paged, pageQuery } from './pagination.ts';
import { toTimestamp } from './time.ts';

/**
 * 轮播图 (DOMAIN.md "Platform"): images with a link shown on the login page and the learner app. The platform owns
 * its own; an institution's banners (its company id as owner) use the same table, contract and service.
 */

export const BannerPosition = { LOGIN: 1, LEARNER_HOME: 2 } as const;
export type BannerPositionValue = (typeof BannerPosition)[keyof typeof BannerPosition];
export const bannerPositionNames: Record<BannerPositionValue, string> = { 1: '登录页', 2: '学员端首页' };
const POSITIONS = [BannerPosition.LOGIN, BannerPosition.LEARNER_HOME] as const;

export const BannerStatus = { DISABLED: 0, ENABLED: 1 } as const;
export type BannerStatusValue = (typeof BannerStatus)[keyof typeof BannerStatus];
export const bannerStatusNames: Record<BannerStatusValue, string> = { 0: '停用', 1: '启用' };

export const BANNER_TITLE_MAX = 100;
export const BANNER_LINK_MAX = 500;
export const BANNER_SORT_MAX = 9999;

const LINK_MESSAGE = '链接只能是 http(s):// 开头的网址或以 / 开头的站内路径';

/**
 * Where a banner leads: an http(s) URL, or a path of this site (`/news/index`, never `//host`, which leaves it).
 * Anything else (`javascript:`, `data:`, a bare word) is refused.
 */
export function isBannerLink(link: string): boolean {
  if (/[\s\\]/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  return /^https?:\/\/[^/?#@:]+(:\d{1,5})?([/?#]|$)/i.test(link);
}

const TIME_MESSAGE = (label: string) => `${label}应为“年-月-日 时:分:秒”格式，如 2026-12-01 09:00:00`;
const wallTime = (label: string) =>
  z
    .string({ error: TIME_MESSAGE(label) })
    .refine((t) => !Number.isNaN(toTimestamp(t)), TIME_MESSAGE(label))
    .nullable()
    .default(null);

/** The banner saved (new or edited). Times are Shanghai wall times; null: no limit on that side. */
export const bannerBody = z
  .object({
    title: z
      .string({ error: '请输入标题' })
      .trim()
      .min(1, '请输入标题')
      .max(BANNER_TITLE_MAX, `标题不能超过${BANNER_TITLE_MAX}个字符`),
    image_file_id: z.string({ error: '请上传图片' }).uuid('图片不存在，请重新上传'),
    link: z
      .string({ error: LINK_MESSAGE })
      .trim()
      .max(BANNER_LINK_MAX, `链接不能超过${BANNER_LINK_MAX}个字符`)
      .refine((l) => l === '' || isBannerLink(l), LINK_MESSAGE)
      .nullable()
      .default(null)
      .transform((l) => l || null),
    position: z.literal(POSITIONS, { error: '位置只能是登录页或学员端首页' }),
    sort: z
      .number({ error: '排序应为整数' })
      .int('排序应为整数')
      .min(0, '排序不能小于0')
      .max(BANNER_SORT_MAX, `排序不能大于${BANNER_SORT_MAX}`)
      .default(0),
    show_from: wallTime('开始时间'),
    show_until: wallTime('结束时间'),
    status: z.literal([0, 1], { error: '状态只能是启用或停用' }).default(BannerStatus.ENABLED),
  })
  .superRefine((b, ctx) => {
    if (b.show_from && b.show_until && toTimestamp(b.show_until) <= toTimestamp(b.show_from))
      ctx.addIssue({ code: 'custom', path: ['show_until'], message: '结束时间应晚于开始时间' });
  });
export type BannerBody = z.input<typeof bannerBody>;

/** A row of the list (and the editor's values). */
export const bannerRow = z.object({
  _id: z.string(),
  title: z.string(),
  image_file_id: z.string(),
  /** Where the image reads back for the writers (`/api/files/{id}`). */
  image_url: z.string(),
  link: z.string().nullable(),
  position: z.number(),
  position_name: z.string(),
  sort: z.number(),
  show_from_str: z.string().nullable(),
  show_until_str: z.string().nullable(),
  status: z.literal([0, 1]),
  status_name: z.string(),
  /** Enabled and inside its window now. */
  shown: z.boolean(),
  create_time_str: z.string(),
  update_time_str: z.string(),
});
export type BannerRow = z.infer<typeof bannerRow>;

export const bannerPage = paged(bannerRow);
export type BannerPage = z.infer<typeof bannerPage>;

const positionParam = z.coerce
  .number({ error: '位置只能是 1（登录页）或 2（学员端首页）' })
  .pipe(z.literal(POSITIONS, { error: '位置只能是 1（登录页）或 2（学员端首页）' }));

export const bannerListQuery = pageQuery.extend({
  title: keywordParam,
  position: optionalParam(positionParam),
  status: optionalParam(
    z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: '状态只能是 0 或 1' })),
  ),
});
export type BannerListQuery = z.input<typeof bannerListQuery>;

export const bannerStatusBody = z.object({
  status: z.literal([0, 1], { error: '状态只能是启用或停用' }),
});
export type BannerStatusBody = z.infer<typeof bannerStatusBody>;

/** `GET /api/banners/shown`: no sign-in; the banners of one position shown now. */
export const shownBannersQuery = z.object({ position: positionParam });

/** A banner as the login page and the learner app show it. */
export const shownBanner = z.object({
  _id: z.string(),
  /** The image, readable without signing in while the banner is shown. */
  image_url: z.string(),
  link: z.string().nullable(),
  /** The image's alt text. */
  title: z.string(),
});
export type ShownBanner = z.infer<typeof shownBanner>;
export const shownBanners = z.array(shownBanner);
