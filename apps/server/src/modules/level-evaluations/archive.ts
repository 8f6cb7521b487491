import type { Readable } from 'node:stream';
import { ArchiveKind, type ArchiveTimelineItem, type ArchiveVolumeValue } from '@skill-cert/shared/archives';
import type { GrantDetail } from '@skill-cert/shared/certificate-grants';
import {
  type CandidateResultValue,
  candidateResultText,
  candidateTypeText,
  EvaluationStatus,
  type EvaluationStatusValue,
  evaluationStatusText,
  idTypeText,
} from '@skill-cert/shared/level-evaluations';
import { skillLevelName } from '@skill-cert/shared/occupations';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { certificateSheet, revocationSection } from '../archives/service.ts';
import type { ArchiveContext, ArchiveSource, GeneratedDocument } from '../archives/sources.ts';
import type { DocumentJob } from '../certificate-engine/service.ts';
import { streamTable, type TableRow } from '../certificate-engine/service.ts';
import {
  archivedPlan,
  candidatePage,
  markPlanArchived,
  planFiling,
  planScoreChanges,
  planScoreTable,
  planSealBlocked,
  planStates,
  planStateValues,
} from './archive-source.ts';

/** Rows read at once while a sheet streams out. */
const PAGE = 1000;

/** The generated documents of a plan's archive: key, volume, file name. */
const DOCS = {
  candidates: { volume: 1, name: '考生名单与资格审核.xlsx', format: 'xlsx' },
  plan: { volume: 2, name: '评价计划与备案.pdf', format: 'pdf' },
  scores: { volume: 4, name: '成绩表.xlsx', format: 'xlsx' },
  scoreChanges: { volume: 4, name: '成绩修改记录.xlsx', format: 'xlsx' },
  certificates: { volume: 5, name: '证书清单.xlsx', format: 'xlsx' },
  grant: { volume: 5, name: '发证与撤销记录.pdf', format: 'pdf' },
} as const satisfies Record<string, { volume: ArchiveVolumeValue; name: string; format: 'xlsx' | 'pdf' }>;
type DocKey = keyof typeof DOCS;

/** Results are in from 成绩待审核 on; certificates exist (confirmed) from 已发证. */
const RESULT_STATES: readonly number[] = [
  EvaluationStatus.RESULTS_PENDING,
  EvaluationStatus.PUBLICITY,
  EvaluationStatus.PASSED,
  EvaluationStatus.GRANTED,
  EvaluationStatus.ARCHIVED,
];
const GRANTED_STATES: readonly number[] = [EvaluationStatus.GRANTED, EvaluationStatus.ARCHIVED];

/** Which documents exist for a plan in this state (the list counts volumes by it without reading more). */
function presentKeys(p: { status: number; candidateCount: number }, scoreChanges: boolean): DocKey[] {
  const keys: DocKey[] = ['plan'];
  if (p.candidateCount > 0) keys.unshift('candidates');
  if (p.candidateCount > 0 && RESULT_STATES.includes(p.status)) keys.push('scores');
  if (scoreChanges) keys.push('scoreChanges');
  if (GRANTED_STATES.includes(p.status)) keys.push('certificates', 'grant');
  return keys;
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** Volume 1: every candidate with what their eligibility rests on, a page at a time. */
function candidateSheet(ctx: ArchiveContext, signal: AbortSignal) {
  const planId = ctx.archive.sourceId;
  async function* rows(): AsyncIterable<TableRow[]> {
    let after: { sort: number; id: string } | null = null;
    let n = 0;
    for (;;) {
      const page = await candidatePage(ctx.app.db, planId, after, PAGE);
      yield page.map((c) => [
        ++n,
        c.name,
        idTypeText[c.idType as keyof typeof idTypeText] ?? '',
        c.idNumber,
        c.gender === 1 ? '男' : c.gender === 2 ? '女' : '',
        text(c.birthday),
        text(c.phone),
        text(c.education),
        text(c.workUnit),
        text(c.post),
        text(c.workYears),
        text(c.qualification),
        candidateTypeText[c.candidateType as 1 | 2] ?? '',
        '随评价计划审批通过',
        c.result ? candidateResultText[c.result as CandidateResultValue] : '',
      ]);
      const tail = page.at(-1);
      if (!tail || page.length < PAGE) return;
      after = { sort: tail.sort, id: tail.id };
    }
  }
  const headers = [
    '序号',
    '姓名',
    '证件类型',
    '证件号码',
    '性别',
    '出生日期',
    '手机号',
    '文化程度',
    '工作单位',
    '岗位',
    '工作年限',
    '职业资格',
    '考生类型',
    '资格审核',
    '评价结果',
  ];
  return streamTable(
    {
      sheetName: '考生名单',
      columns: headers.map((header) => ({ header, width: header === '证件号码' ? 22 : 14 })),
    },
    rows,
    (err) => ctx.app.log.error({ err, archive: ctx.archive.id }, '档案文件生成失败'),
    signal,
  );
}

/** Volume 2: the filing, the plan, its methods, staff and every approval step, as one PDF. */
async function planDocument(ctx: ArchiveContext): Promise<DocumentJob> {
  const { app, own, user, archive } = ctx;
  const p = await archivedPlan(app.db, own, archive.sourceId, user);
  const filing = await planFiling(app.db, own, { recordApplicationId: p.record_application_id });
  const person = (kind: string) => (s: { name: string; phone: string; qualification: string }) => [
    kind,
    s.name,
    s.phone,
    s.qualification,
  ];
  return {
    title: `${p.name} 评价计划与备案`,
    subtitle: p.plan_no ? `计划编号 ${p.plan_no}` : undefined,
    sections: [
      {
        heading: '一、备案',
        lines: [
          ['备案编号', filing?.recordNo ?? p.record_no ?? ''],
          [
            '备案范围',
            (filing?.scopes ?? [])
              .map(
                (s) =>
                  `${s.occupationName}${s.workType ? `（${s.workType}）` : ''} ${s.levels.map(skillLevelName).join('、')}`,
              )
              .join('；'),
          ],
        ],
      },
      {
        heading: '二、评价计划',
        lines: [
          ['计划编号', p.plan_no ?? ''],
          ['计划名称', p.name],
          ['职业（工种）', `${p.occupation_name ?? ''}${p.work_type ? `（${p.work_type}）` : ''}`],
          ['职业技能等级', p.level_name ?? ''],
          ['评价日期', `${p.start_date ?? ''} 至 ${p.end_date ?? ''}`],
          [
            '考核站点',
            p.site ? `${p.site.name}（${[...p.site.region_names, p.site.address].join(' ')}）` : '',
          ],
          ['公示天数', String(p.publicity_days)],
          ['考生人数', `${p.candidate_count}（合格 ${p.pass_count}）`],
          ['当前状态', p.status_text],
          ['备注', p.remark ?? ''],
        ],
      },
      {
        heading: '三、评价方式',
        columns: [
          { header: '评价方式', width: 3 },
          { header: '满分', width: 1 },
          { header: '合格分', width: 1 },
        ],
        rows: p.methods.map((m) => [m.method_text, String(m.full_mark), String(m.pass_mark)]),
      },
      {
        heading: '四、考评人员与质量督导员',
        columns: [
          { header: '类别', width: 2 },
          { header: '姓名', width: 2 },
          { header: '手机号', width: 2 },
          { header: '资格', width: 4 },
        ],
        rows: [...p.examiners.map(person('考评员')), ...p.supervisors.map(person('质量督导员'))],
      },
      {
        heading: '五、审批与办理记录',
        columns: [
          { header: '时间', width: 3 },
          { header: '事项', width: 3 },
          { header: '办理人', width: 2 },
          { header: '说明', width: 4 },
        ],
        rows: p.timeline.map((s) => [s.create_time_str, s.action_text, s.user_name, s.note ?? '']),
      },
    ],
  };
}

/** Volume 4: the score change requests and their decisions. */
async function scoreChangeSheet(ctx: ArchiveContext, signal: AbortSignal) {
  const changes = await planScoreChanges(ctx.app.db, ctx.own, ctx.archive.sourceId);
  const value = (score: number | null, mark: number | null) =>
    mark !== null ? (['', '缺考', '违纪', '违规'][mark] ?? '') : text(score);
  const headers = [
    '申请时间',
    '姓名',
    '证件号码',
    '评价方式',
    '修改前',
    '修改后',
    '原因',
    '状态',
    '申请人',
    '审批人',
    '审批意见',
    '审批时间',
  ];
  return streamTable(
    { sheetName: '成绩修改记录', columns: headers.map((header) => ({ header, width: 16 })) },
    async function* () {
      yield changes
        .slice()
        .reverse()
        .map((c) => [
          c.create_time_str,
          c.candidate_name,
          c.id_number,
          c.method_text,
          value(c.before_score, c.before_mark),
          value(c.after_score, c.after_mark),
          c.reason,
          c.status_text,
          c.request_user_name,
          c.decide_user_name ?? '',
          c.decide_note ?? '',
          c.decide_time_str ?? '',
        ]);
    },
    (err) => ctx.app.log.error({ err, archive: ctx.archive.id }, '档案文件生成失败'),
    signal,
  );
}

/** What the archive reads of the plan's grant (certificate-grants owns it; app.ts hands the reader in). */
export interface PlanGrants {
  grantOfPlan(db: DbOrTx, own: CompanyScope, evaluationId: string): Promise<GrantDetail | null>;
}

/** Volume 5: the grant and its confirmation, and every revocation of its certificates, as one PDF. */
async function grantDocument(ctx: ArchiveContext, grants: PlanGrants): Promise<DocumentJob> {
  const grant = await grants.grantOfPlan(ctx.app.db, ctx.own, ctx.archive.sourceId);
  return {
    title: `${ctx.archive.name} 发证与撤销记录`,
    subtitle: ctx.archive.number ? `计划编号 ${ctx.archive.number}` : undefined,
    sections: [
      {
        heading: '一、发证',
        lines: grant
          ? [
              ['证书模板', grant.template_name],
              ['发证日期', grant.issue_date],
              ['证书数量', `${grant.total}（生成成功 ${grant.success_count}，失败 ${grant.failed_count}）`],
              ['证书编号', grant.first_no ? `${grant.first_no} 至 ${grant.last_no ?? ''}` : ''],
              ['发起人', grant.created_by_name],
              ['发起时间', grant.create_time_str],
              ['状态', grant.status_text],
              ['确认发证时间', grant.confirm_time_str ?? '尚未确认'],
            ]
          : [['发证', '本计划没有发证记录']],
      },
      await revocationSection(ctx, grant?._id ?? null, '二、撤销'),
    ],
  };
}

/** The archive of an evaluation plan (档案管理): volumes 1–5 produced from the plan, its scores and its grant. */
export const evaluationArchiveSource = (grants: PlanGrants): ArchiveSource => ({
  kind: ArchiveKind.EVALUATION,
  state: {
    values: planStateValues,
    read: ([status = 0, candidateCount = 0]) => ({
      status,
      statusText: evaluationStatusText[status as EvaluationStatusValue] ?? '',
      filled: new Set(presentKeys({ status, candidateCount }, false).map((k) => DOCS[k].volume)),
    }),
    tables: ['level_evaluations'],
  },
  async documents(ctx) {
    const p = (await planStates(ctx.app.db, [ctx.archive.sourceId])).get(ctx.archive.sourceId);
    if (!p) return [];
    const changes = (await planScoreChanges(ctx.app.db, ctx.own, ctx.archive.sourceId)).length > 0;
    return presentKeys(p, changes).map((key): GeneratedDocument => ({ key, ...DOCS[key] }));
  },
  async produce(ctx, key, signal): Promise<Readable | Uint8Array | null> {
    const present = await this.documents(ctx);
    if (!present.some((d) => d.key === key)) return null;
    switch (key as DocKey) {
      case 'candidates':
        return candidateSheet(ctx, signal);
      case 'plan':
        return ctx.app.renderPool.document(await planDocument(ctx));
      case 'scores': {
        const spec = await planScoreTable(ctx.app.db, ctx.own, ctx.archive.sourceId);
        return streamTable(
          spec,
          async function* () {
            yield spec.rows;
          },
          (err) => ctx.app.log.error({ err, archive: ctx.archive.id }, '档案文件生成失败'),
          signal,
        );
      }
      case 'scoreChanges':
        return scoreChangeSheet(ctx, signal);
      case 'certificates':
        return certificateSheet(
          ctx,
          (await grants.grantOfPlan(ctx.app.db, ctx.own, ctx.archive.sourceId))?._id ?? null,
          signal,
        );
      case 'grant':
        return ctx.app.renderPool.document(await grantDocument(ctx, grants));
      default:
        return null;
    }
  },
  async timeline(ctx): Promise<ArchiveTimelineItem[]> {
    const p = await archivedPlan(ctx.app.db, ctx.own, ctx.archive.sourceId, ctx.user);
    return p.timeline.map((s) => ({ ...s, source: 'plan' }));
  },
  async sealBlocked(ctx) {
    const p = (await planStates(ctx.app.db, [ctx.archive.sourceId])).get(ctx.archive.sourceId);
    return p ? planSealBlocked(p) : '评价计划不存在或已删除';
  },
  async seal(tx, ctx) {
    await markPlanArchived(tx, ctx.own, ctx.archive.sourceId, ctx.user);
  },
});
