import {
  CANDIDATE_REQUIRED_COLUMNS,
  CANDIDATE_SHEET_COLUMNS,
  type CandidateInput,
  EvaluationStatus,
  EXAMINEE_IMPORT_MAX_ROWS,
  ExamineeStatus,
} from '@skill-cert/shared/level-evaluations';
import { TemplateKey } from '@skill-cert/shared/messages';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, companyScope } from '../../lib/company-scope.ts';
import { AppError } from '../../lib/errors.ts';
import {
  addProblem,
  cellOf,
  columnsOf,
  isExampleRow,
  storeErrorSheet,
} from '../certificate-engine/service.ts';
import { findFiles, localPathOf, receiveUpload } from '../files/service.ts';
import { inputOf } from './candidate-sheet.ts';
import {
  assertCandidatesEditable,
  candidatesByIdNumber,
  insertCandidates,
  personOf,
  refreshCounts,
} from './candidates.ts';
import { findPlan } from './plans.ts';
import { levelEvaluationImports, levelEvaluations } from './tables.ts';

/** The durable queue of examinee imports; its dead letter tells the importer it gave up. */
export const EXAMINEE_IMPORT_QUEUE = 'test-plan-examinee-import';
export const EXAMINEE_IMPORT_GAVE_UP_QUEUE = 'test-plan-examinee-import-gave-up';
const FIELD = '考生名单';
export const IMPORT_CATEGORY = '导入通知';
const GAVE_UP = '读取考生名单时系统多次出错，请稍后重新导入';

declare module '../../plugins/jobs.ts' {
  interface JobPayloads {
    [EXAMINEE_IMPORT_QUEUE]: { importId: string };
    [EXAMINEE_IMPORT_GAVE_UP_QUEUE]: { importId: string };
  }
}

/**
 * `POST .../examinees/import`: the upload is stored (the upload rules: a spreadsheet, checked by content) and an import
 * row and its job are written in one transaction while the plan takes examinees; the sheet is read by the job.
 * Answers the import's id.
 */
export async function startExamineeImport(
  app: FastifyInstance,
  req: FastifyRequest,
  planId: string,
): Promise<string> {
  const plan = await findPlan(app.db, req.company, planId);
  assertCandidatesEditable(plan);
  const wrongType = `${FIELD}应为 Excel（.xlsx）文件，请使用下载的模板填写`;
  const uploaded = await receiveUpload(
    req,
    app.db,
    app.storage,
    req.auth.user,
    ['xlsx', 'xls', 'zip'],
    wrongType,
  );
  const id = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(levelEvaluationImports)
      .values({ evaluationId: plan.id, fileId: uploaded.file_id, createdBy: req.auth.user.id })
      .returning({ id: levelEvaluationImports.id });
    await app.jobs.send(EXAMINEE_IMPORT_QUEUE, { importId: row.id }, { tx, tenant: plan.companyId });
    return row.id;
  });
  app.jobs.notify(EXAMINEE_IMPORT_QUEUE);
  return id;
}

type ImportRow = typeof levelEvaluationImports.$inferSelect;

/** Why a sheet cannot be read at all: the import ends with it and imports nothing. */
class Unreadable extends Error {}

const unreadable = async <T>(read: () => Promise<T>): Promise<T> => {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError) throw new Unreadable(err.message);
    throw err;
  }
};

const planName = async (db: DbOrTx, id: string) =>
  (
    await db.select({ name: levelEvaluations.name }).from(levelEvaluations).where(eq(levelEvaluations.id, id))
  )[0]?.name ?? '';

/** The plan read as its institution reads it: the job acts for the company that owns the plan. */
const scopeOf = (companyId: string): CompanyScope => companyScope(companyId, 1, 2);

/**
 * Reads an import 导入中: its sheet in the engine's sheet thread, each row by the candidate rules (the ID number's
 * form and checksum, 15-digit and scientific-notation numbers refused, 性别 and 出生日期 from a 居民身份证 number),
 * duplicates within the sheet and against the plan's examinees. The good rows become examinees 待审核 and the import
 * done in one transaction with the importer's examinee_import_result_notice (成功 n，失败 m; the error workbook as its
 * url). A sheet that cannot be read, or a plan no longer taking examinees, ends it with the reason. Run again after a
 * crash it finds the import done and does nothing.
 */
export async function runExamineeImport(app: FastifyInstance, importId: string): Promise<void> {
  const [job] = await app.db
    .select()
    .from(levelEvaluationImports)
    .where(eq(levelEvaluationImports.id, importId));
  if (job?.status !== 0) return;
  try {
    await importRows(app, job);
  } catch (err) {
    if (!(err instanceof Unreadable)) throw err;
    await failImport(app, job.id, err.message);
  }
}

async function importRows(app: FastifyInstance, job: ImportRow): Promise<void> {
  const { db, storage } = app;
  const [plan] = await db.select().from(levelEvaluations).where(eq(levelEvaluations.id, job.evaluationId));
  if (!plan) return;
  const own = scopeOf(plan.companyId);
  await unreadable(async () => assertCandidatesEditable(plan));
  const [file] = await findFiles(db, [job.fileId]);
  if (!file) throw new Unreadable(`${FIELD}不存在或已删除，请重新导入`);
  if (file.kind === 'xls') throw new Unreadable(`${FIELD}不支持旧版 .xls 文件，请另存为 .xlsx 后导入`);
  const table = await unreadable(async () =>
    app.sheets.readTable(await localPathOf(storage, file.sha256), {
      maxRows: EXAMINEE_IMPORT_MAX_ROWS,
      field: FIELD,
    }),
  );
  if (table.tooMany) throw new Unreadable(`${FIELD}一次最多导入 ${EXAMINEE_IMPORT_MAX_ROWS} 行，请分批导入`);
  if (table.rows.length === 0) throw new Unreadable(`${FIELD}中没有数据，请至少填写一行后导入`);
  const columns = await unreadable(async () =>
    columnsOf(table, CANDIDATE_SHEET_COLUMNS, CANDIDATE_REQUIRED_COLUMNS, FIELD),
  );

  const problems = new Map<number, string[]>();
  const good: { rowNumber: number; input: CandidateInput }[] = [];
  const firstRowOf = new Map<string, number>();
  const existing = await candidatesByIdNumber(db, plan.id);
  for (const { rowNumber, cells } of table.rows) {
    if (isExampleRow(cellOf(cells, columns, '姓名'))) {
      addProblem(problems, rowNumber, '这是模板中的示例行，请删除或改为真实考生');
      continue;
    }
    const { input, problems: own } = inputOf(cells, columns);
    for (const p of own) addProblem(problems, rowNumber, p);
    if (!input) continue;
    const first = firstRowOf.get(input.id_number);
    if (first !== undefined) {
      addProblem(problems, rowNumber, `证件号码 ${input.id_number} 与第 ${first} 行重复`);
      continue;
    }
    firstRowOf.set(input.id_number, rowNumber);
    const taken = existing.get(input.id_number);
    if (taken) {
      addProblem(problems, rowNumber, `${taken.name}（证件号码 ${input.id_number}）已是本考试计划的考生`);
      continue;
    }
    good.push({ rowNumber, input });
  }
  const owner = { id: job.createdBy, companyId: plan.companyId };
  const errorFile = problems.size
    ? await storeErrorSheet(app, owner, {
        fileName: `${plan.name || '考试计划'}-考生导入错误报告.xlsx`,
        headers: CANDIDATE_SHEET_COLUMNS,
        columns,
        rows: table.rows.filter((r) => problems.has(r.rowNumber)),
        problems,
      })
    : null;

  await app.messenger.finishAndTell(
    async (tx) => {
      const [locked] = await tx
        .select({ status: levelEvaluationImports.status })
        .from(levelEvaluationImports)
        .where(eq(levelEvaluationImports.id, job.id))
        .for('update');
      if (locked?.status !== 0) return null;
      const current = await findPlan(tx, own, plan.id, { forUpdate: true });
      let imported = 0;
      let failed = problems.size;
      let reason: string | null = null;
      if (current.status !== EvaluationStatus.DRAFT && current.status !== EvaluationStatus.REGISTERING) {
        reason = '考试计划已不在草稿或报名中，未导入';
        failed = table.rows.length;
      } else {
        // Added meanwhile by someone else: those rows fail like any other duplicate.
        const now = await candidatesByIdNumber(tx, current.id);
        const people = good.filter((g) => !now.has(g.input.id_number)).map((g) => personOf(g.input));
        failed += good.length - people.length;
        await insertCandidates(tx, current.id, people, ExamineeStatus.PENDING);
        await refreshCounts(tx, current.id);
        imported = people.length;
      }
      await tx
        .update(levelEvaluationImports)
        .set({
          status: reason ? 9 : 1,
          total: table.rows.length,
          imported,
          failed,
          errorFileId: errorFile?.id ?? null,
          failReason: reason,
          finishedAt: new Date(),
        })
        .where(eq(levelEvaluationImports.id, job.id));
      return {
        userIds: [job.createdBy],
        message: {
          category: IMPORT_CATEGORY,
          content: reason
            ? `「${plan.name}」考生导入失败：${reason}`
            : `「${plan.name}」考生导入完成：成功 ${imported} 名，失败 ${failed} 名${failed ? '，请下载错误报告修改后重新导入' : '，请审核报名'}`,
          templateKey: TemplateKey.EXAMINEE_IMPORT_RESULT,
          relatedId: plan.id,
          fileId: reason ? null : (errorFile?.id ?? null),
        },
      };
    },
    { importId: job.id },
  );
}

/** The import 导入中 ends imported nothing (9), and its importer is told why. */
async function failImport(app: FastifyInstance, importId: string, reason: string): Promise<void> {
  await app.messenger.finishAndTell(
    async (tx) => {
      const [failed] = await tx
        .update(levelEvaluationImports)
        .set({ status: 9, failReason: reason, finishedAt: new Date() })
        .where(and(eq(levelEvaluationImports.id, importId), eq(levelEvaluationImports.status, 0)))
        .returning();
      if (!failed) return null;
      return {
        userIds: [failed.createdBy],
        message: {
          category: IMPORT_CATEGORY,
          content: `「${await planName(tx, failed.evaluationId)}」考生导入失败：${reason}`,
          templateKey: TemplateKey.EXAMINEE_IMPORT_RESULT,
          relatedId: failed.evaluationId,
        },
      };
    },
    { importId },
  );
}

/** The durable import job; once its retries are spent, its dead letter ends the import and tells the importer. */
export async function registerExamineeImport(app: FastifyInstance): Promise<void> {
  await app.jobs.work(EXAMINEE_IMPORT_QUEUE, async ({ importId }) => runExamineeImport(app, importId), {
    retryLimit: 2,
    retryDelay: 5,
    expireInSeconds: 3600,
    deadLetter: EXAMINEE_IMPORT_GAVE_UP_QUEUE,
    // Queued by startExamineeImport, which wakes the worker after the commit.
    pollRarely: true,
  });
  await app.jobs.work(
    EXAMINEE_IMPORT_GAVE_UP_QUEUE,
    async ({ importId }) => failImport(app, importId, GAVE_UP),
    {
      pollRarely: true,
    },
  );
}
