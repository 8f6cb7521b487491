import { NewsStatus } from '@skill-cert/shared/news';
import { RoleType } from '@skill-cert/shared/roles';
import { sanitizeHtml } from '@skill-cert/shared/sanitize-html';

import type { DbOrTx } from '../../db/client.ts';
import { findUserByAccount } from '../users/service.ts';
import { newsArticles } from './tables.ts';

type DemoArticle = Pick<
  typeof newsArticles.$inferInsert,
  'title' | 'category' | 'content' | 'audience' | 'top'
> & {
  status?: number;
  /** Days before now it was published. */
  daysAgo: number;
};

const DEMO_NEWS: DemoArticle[] = [
  {
    title: '职业技能等级认定服务平台上线公告',
    category: '平台公告',
    top: true,
    audience: [],
    daysAgo: 30,
    content:
      '<h2>平台正式上线</h2><p>职业技能等级认定与证书服务平台已正式上线，企业、培训评价机构和考评员均可在本平台办理相关业务。</p><ul><li>企业：备案、等级评价、证书发放</li><li>机构：备案中心、考试计划</li><li>考评员：考评任务</li></ul>',
  },
  {
    title: '关于做好2027年企业职业技能等级认定工作的通知',
    category: '政策法规',
    top: false,
    audience: [RoleType.ENTERPRISE],
    daysAgo: 5,
    content:
      '<p>各用人单位：</p><p>请于评价计划开始前完成备案，并按照<strong>国家职业标准</strong>组织理论知识考试和技能操作考核。</p>',
  },
  {
    title: '社会培训评价组织考试计划编排指引',
    category: '操作指南',
    top: false,
    audience: [RoleType.INSTITUTION],
    daysAgo: 4,
    content: '<p>考试计划发布报名后，请在报名截止后审核考生并编排考场，准考证号在首次编排时确定。</p>',
  },
  {
    title: '考评员双人评分规则说明',
    category: '操作指南',
    top: false,
    audience: [RoleType.EXAMINER],
    daysAgo: 3,
    content: '<p>同一题目由两名考评员独立评分，分差超过允许误差时由第三名考评员评分。</p>',
  },
  {
    title: '平台运营周报（第48周）',
    category: '行业动态',
    top: false,
    audience: [RoleType.PLATFORM],
    daysAgo: 2,
    content: '<p>本周新增备案企业 12 家，审核通过 10 家；发放证书 1,280 本。</p>',
  },
  {
    title: '2027年春节期间平台服务安排（草稿）',
    category: '平台公告',
    top: false,
    audience: [],
    daysAgo: 0,
    status: NewsStatus.DRAFT,
    content: '<p>春节期间平台照常开放，人工审核顺延至节后第一个工作日。</p>',
  },
];

/** A few published articles for every portal and one draft (README "Demo accounts"); nothing when there are any. */
export async function seedNewsDemo(db: DbOrTx): Promise<void> {
  const [any] = await db.select({ id: newsArticles.id }).from(newsArticles).limit(1);
  if (any) return;
  const author = await findUserByAccount(db, 'pingtai');
  const now = Date.now();
  await db.insert(newsArticles).values(
    DEMO_NEWS.map(({ daysAgo, status = NewsStatus.PUBLISHED, ...a }) => {
      const at = new Date(now - daysAgo * 86_400_000);
      return {
        ...a,
        content: sanitizeHtml(a.content),
        audienceAll: a.audience?.length === 0,
        status,
        publishedAt: status === NewsStatus.PUBLISHED ? at : null,
        createdBy: author?.id ?? null,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}
