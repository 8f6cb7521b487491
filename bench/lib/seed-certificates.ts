import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../apps/server/src/db/client.ts';

/** 100 surnames and 100 given-name characters: names spread like real ones over the name-prefix index. */
export const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
];
export const GIVEN = [
  ...new Set(
    '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂华建国文辉玉红梅海波林鹏飞云龙凤成宇晨浩然子轩梓涵欣怡佳琪雨婷思远志春生秋月冬雪立新永康德胜福安家和天佑嘉懿博雅瑞晓东锋琳慧颖倩婧宁蕾薇璐萍鑫斌彬宏旭阳昊睿泽铭',
  ),
].slice(0, 100);
if (SURNAMES.length < 100 || GIVEN.length < 100) throw new Error('name pools too small');
export const OCCUPATIONS = Array.from({ length: 20 }, (_, i) => `6-31-01-${String(i + 1).padStart(2, '0')}`);
export const ISSUE_DAYS = 2400;
export const FIRST_ISSUE_DAY = '2020-01-01';

/** The i-th seeded certificate's number and ID number, as the seeding SQL computes them. */
export const seededNumberOf = (i: number) =>
  `Y000133000001${20 + (i % 7)}${1 + (Math.floor(i / 7) % 5)}${String(Math.floor(i / 35) + 1).padStart(6, '0')}`;
export const seededIdNumberOf = (i: number) => `3301${String(i).padStart(14, '0')}`;

const arr = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

/**
 * `count` issued grant certificates (source 1) of the company in one `insert … select … from generate_series`:
 * i → a distinct national number (year 20–26 × level 1–5 × serial), ID number, name, one of 20 occupations, an issue
 * date over 2,400 days, 3 % revoked. Without `grantIds` each 10,000 share a made-up source id; with them the
 * certificates are dealt to those grants in turn (the grant's plan as their evaluation).
 */
export async function seedLibraryCertificates(
  db: DbOrTx,
  companyId: string,
  count: number,
  grantIds?: string[],
): Promise<void> {
  const grants = grantIds?.length
    ? `(select id, evaluation_id, (row_number() over (order by id) - 1)::int as k from certificate_grants
         where id in (${grantIds.map((id) => `'${id}'`).join(',')}))`
    : null;
  await db.execute(
    sql.raw(`
  insert into certificates (id, company_id, source, source_id, evaluation_id, row_number, certificate_no, holder_name,
    id_type, id_number, occupation_code, occupation_name, work_type, level, institution_name, issue_date,
    produce_status, status, confirmed_at, revoked_at)
  select gen_random_uuid(), '${companyId}', 1,
    ${grants ? 'g.id' : `('00000000-0000-4000-8000-' || lpad((i / 10000)::text, 12, '0'))::uuid`},
    ${grants ? 'g.evaluation_id' : 'null'}, 1 + i / ${grantIds?.length || 1},
    'Y000133000001' || (20 + i % 7) || (1 + (i / 7) % 5) || lpad((i / 35 + 1)::text, 6, '0'),
    (${arr(SURNAMES)})[1 + i % 100] || (${arr(GIVEN)})[1 + (i / 100) % 100] || (${arr(GIVEN)})[1 + (i / 10000) % 100],
    1, '3301' || lpad(i::text, 14, '0'),
    (${arr(OCCUPATIONS)})[1 + (i / 3) % 20], '电工', null, 1 + (i / 7) % 5, '示例智能制造有限公司',
    date '${FIRST_ISSUE_DAY}' + ((i::bigint * 7919) % ${ISSUE_DAYS})::int, 1, case when i % 33 = 0 then 2 else 1 end,
    now(), case when i % 33 = 0 then now() end
  from generate_series(0, ${count - 1}) as s(i)
  ${grants ? `join ${grants} g on g.k = i % ${grantIds?.length}` : ''}`),
  );
}
