import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../apps/server/src/db/client.ts';
import { findUserByAccount } from '../../apps/server/src/modules/users/service.ts';
import { seedFilingWithCodes } from '../../apps/server/test/fixtures/level-evaluations-grant-plans.ts';
import { seedLibraryCertificates } from './seed-certificates.ts';

export interface ListSizes {
  certificates: number;
  plans: number;
  /** Offline batches and custom batches, each (10 drafts an offline batch). */
  batches: number;
  /** Record applications besides the approved one. */
  records: number;
}

/** Plan states in turn (a tenth each): 草稿, 待审批, 进行中, 成绩待审核, 公示中, 已通过, 已发证 ×3, 已归档. */
const PLAN_STATES = [0, 1, 2, 3, 4, 5, 6, 6, 6, 7];
/** Offline batch states in turn: 待确认, 已发布 ×3, 失败. */
const OFFLINE_STATES = [1, 3, 3, 3, 9];
/** Custom batch states in turn: 已完成 ×3, 部分失败. */
const CUSTOM_STATES = [1, 1, 1, 2];

const pick = (states: number[], i: string) => `(array[${states.join(',')}])[1 + ${i} % ${states.length}]`;

/**
 * Every list of the enterprise portal filled for the company of `account`, written directly before the server
 * starts (each a few `insert … select … from generate_series`): an approved filing with its codes and a site, `records`
 * more filings in every state with a scope and a site; `plans` plans in every state (newest last), one candidate and
 * a waiting score change request for each plan 公示中 (the approvals' third tab), an archive for every approved plan
 * (those 已归档 sealed) and every published offline batch, a confirmed grant for each plan 已发证 or 已归档 with
 * `certificates` library certificates dealt among them; `batches` offline batches (10 drafts each, one with a
 * problem) and `batches` custom batches with their sheets' file rows. Submitted and requested by another member, so
 * an administrator's approvals list them.
 */
export async function seedCompanyLists(db: DbOrTx, companyId: string, account: string, sizes: ListSizes) {
  const user = await findUserByAccount(db, account);
  if (!user) throw new Error(`no account ${account}`);
  const { filingId, siteId } = await seedFilingWithCodes(db, companyId);
  const other = '00000000-0000-4000-8000-00000000b0b0';
  const run = (text: string) => db.execute(sql.raw(text));

  await run(`
    insert into record_applications (id, company_id, record_no, status, evaluation_basis, submitted_at, decided_at,
      created_by, created_at, updated_at)
    select gen_random_uuid(), '${companyId}', 'BABENCH' || lpad(i::text, 6, '0'), ${pick([0, 1, 3, 2], 'i')}, 1,
      case when i % 4 > 0 then now() end, case when i % 4 > 1 then now() end, '${user.id}',
      now() - (${sizes.records} - i) * interval '1 minute', now()
    from generate_series(1, ${sizes.records}) as s(i)`);
  await run(`
    insert into record_application_scopes (id, application_id, occupation_code, occupation_name, levels)
    select gen_random_uuid(), id, '6-31-01-03', '电工', array[5, 4, 3] from record_applications
    where company_id = '${companyId}' and record_no like 'BABENCH%'`);
  await run(`
    insert into record_application_sites (id, application_id, name, region_code, address)
    select gen_random_uuid(), id, '一号实训楼', '110108', '中关村大街1号' from record_applications
    where company_id = '${companyId}' and record_no like 'BABENCH%'`);

  await run(`
    insert into level_evaluations (id, company_id, record_application_id, plan_no, name, occupation_code, occupation_name,
      level, start_date, end_date, site_id, status, publicity_ends_at, candidate_count, pass_count, submitted_by,
      submitted_at, results_submitted_by, results_submitted_at, created_by, created_by_name, created_at, updated_at)
    select gen_random_uuid(), '${companyId}', '${filingId}', 'PBENCH' || lpad(i::text, 6, '0'), '电工' || (1 + i % 5) || '级评价 第' || i || '期',
      '6-31-01-03', '电工', 1 + i % 5, date '2025-05-01', date '2025-05-20', '${siteId}', ${pick(PLAN_STATES, 'i')},
      case when ${pick(PLAN_STATES, 'i')} = 4 then now() + interval '7 days' end, 20, 18,
      '${other}', now() - (${sizes.plans} - i) * interval '1 minute', '${other}', now() - (${sizes.plans} - i) * interval '1 minute',
      '${other}', '评价专员', now() - (${sizes.plans} - i) * interval '1 minute', now() - (${sizes.plans} - i) * interval '1 minute'
    from generate_series(1, ${sizes.plans}) as s(i)`);
  const plans = `select * from level_evaluations where company_id = '${companyId}' and plan_no like 'PBENCH%'`;
  await run(`
    insert into level_evaluation_candidates (id, evaluation_id, name, id_number, result)
    select gen_random_uuid(), id, '考生', '110105199001010011', 1 from (${plans}) p where status = 4`);
  await run(`
    insert into level_evaluation_score_changes (id, evaluation_id, candidate_id, method, before_tenths, after_tenths,
      reason, requested_by, requested_by_name)
    select gen_random_uuid(), c.evaluation_id, c.id, 1, 590, 600, '复核后分数有误', '${other}', '评价专员'
    from level_evaluation_candidates c join (${plans}) p on p.id = c.evaluation_id where p.status = 4`);
  await run(`
    insert into archives (id, company_id, kind, source_id, number, name, occupation_name, level, start_date, end_date,
      status, sealed_at, sealed_by_name, paper_until, electronic_until, created_at)
    select gen_random_uuid(), company_id, 1, id, plan_no, name, occupation_name, level, start_date, end_date,
      case when status = 7 then 1 else 0 end, case when status = 7 then now() end,
      case when status = 7 then '企业管理员' end, case when status = 7 then date '2029-06-01' end,
      case when status = 7 then date '2031-06-01' end, created_at
    from (${plans}) p where status in (2, 3, 4, 5, 6, 7)`);
  const grants = (await db.execute(
    sql.raw(`
    insert into certificate_grants (id, company_id, evaluation_id, template_id, template, issue_date, status, total,
      success_count, created_by, created_by_name, created_at, confirmed_at)
    select gen_random_uuid(), company_id, id, 'national', '{"template_name":"职业技能等级证书"}'::jsonb, date '2025-06-01', 2,
      0, 0, '${user.id}', '企业管理员',
      created_at, now()
    from (${plans}) p where status in (6, 7)
    returning id`),
  )) as unknown as { rows: { id: string }[] };
  await seedLibraryCertificates(
    db,
    companyId,
    sizes.certificates,
    grants.rows.map((g) => g.id),
  );
  await run(`
    update certificate_grants g set total = n, success_count = n
    from (select source_id, count(*)::int as n from certificates where company_id = '${companyId}' group by source_id) c
    where c.source_id = g.id`);

  await run(`
    insert into offline_certificate_batches (id, company_id, name, occupation_code, occupation_name, level, start_date,
      end_date, site_id, site_name, template_id, template, issue_date, file_id, status, total, rendered_count,
      created_by, created_by_name, created_at, published_at)
    select gen_random_uuid(), '${companyId}', '电工线下评价 第' || i || '批', '6-31-01-03', '电工', 1 + i % 5, date '2025-05-01',
      date '2025-05-20', '${siteId}', '一号实训楼', 'national', '{"template_name":"职业技能等级证书"}'::jsonb,
      date '2025-06-01', gen_random_uuid(), ${pick(OFFLINE_STATES, 'i')}, 10, 10, '${user.id}', '企业管理员',
      now() - (${sizes.batches} - i) * interval '1 minute', now()
    from generate_series(1, ${sizes.batches}) as s(i)`);
  const offline = `select * from offline_certificate_batches where company_id = '${companyId}' and name like '电工线下评价 第%'`;
  await run(`
    insert into offline_certificate_drafts (id, batch_id, row_number, name, id_number, problems)
    select gen_random_uuid(), b.id, r + 1, '持证人' || r, '3301061990010100' || lpad(r::text, 2, '0'),
      case when r = 1 and b.status = 1 then '["证件号码校验位不正确"]'::jsonb else '[]'::jsonb end
    from (${offline}) b cross join generate_series(1, 10) as s(r)`);
  await run(`
    insert into archives (id, company_id, kind, source_id, name, occupation_name, level, start_date, end_date, created_at)
    select gen_random_uuid(), company_id, 2, id, name, occupation_name, level, start_date, end_date, created_at
    from (${offline}) b where status = 3`);

  await run(`
    insert into custom_certificate_templates (id, company_id, template_name, background_file_id,
      render_background_file_id, background_width_px, background_height_px, page_size, orientation, blanks, qr,
      created_by)
    values (gen_random_uuid(), '${companyId}', '培训合格证', gen_random_uuid(), gen_random_uuid(), 3508, 2480, 'A4', 'landscape',
      '[]'::jsonb, '{"x":0.8,"y":0.7,"size":0.12}'::jsonb, '${user.id}')`);
  await run(`
    insert into custom_certificate_batches (id, company_id, template_id, template, name, file_id, status, total,
      success_count, failed_count, created_by, created_at, finished_at)
    select gen_random_uuid(), '${companyId}', t.id, '{"template_name":"培训合格证"}'::jsonb, '培训合格证 第' || i || '批',
      gen_random_uuid(), ${pick(CUSTOM_STATES, 'i')}, 20, case when i % 4 = 3 then 18 else 20 end,
      case when i % 4 = 3 then 2 else 0 end, '${user.id}', now() - (${sizes.batches} - i) * interval '1 minute', now()
    from generate_series(1, ${sizes.batches}) as s(i),
      (select id from custom_certificate_templates where company_id = '${companyId}' limit 1) t`);
  await run(`
    insert into files (id, owner_id, company_id, sha256, size, kind, mime, origin_name)
    select file_id, created_by, company_id, repeat('0', 64), 1024, 'excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', name || '.xlsx'
    from custom_certificate_batches where company_id = '${companyId}'`);
  return { filingId, grants: grants.rows.length };
}
