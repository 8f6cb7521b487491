import { NATIONAL_TEMPLATE_ID } from '@skill-cert/shared/certificates';
import { CompanyRole } from '@skill-cert/shared/companies';
import { withCheckDigit } from '@skill-cert/shared/id-card';
import { OfflineBatchStatus } from '@skill-cert/shared/offline-certificates';
import { formatDate } from '@skill-cert/shared/time';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companyScope } from '../../lib/company-scope.ts';
import { AppError } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/id.ts';
import { NATIONAL_TEMPLATE } from '../certificates/service.ts';
import { storeGeneratedFile } from '../files/service.ts';
import { approvedFilings } from '../records/service.ts';
import { findUserByAccount, type UserRow } from '../users/service.ts';
import type { BatchRecord, OfflineCaller } from './batches.ts';
import { insertDrafts, judge } from './drafts.ts';
import { publishBatch } from './publish.ts';
import { type DraftFields, sheetColumns } from './rules.ts';
import { offlineCertificateBatches } from './tables.ts';

/** Published at the scope's highest level (电工 三级 in the demo filing): its name says so. */
export const DEMO_PUBLISHED_BATCH = '2025年电工三级社会化评价（线下）';
export const DEMO_TO_CONFIRM_BATCH = '2026年电工五级补录（线下）';

const SURNAMES = '赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许';
const GIVEN = ['建华', '丽', '志强', '婷', '海', '雪梅', '浩', '小龙', '晓燕', '宇'];
const DAY = 86_400_000;

/** Holder k of the demo: a name and a valid 居民身份证 number (born 1980–1999), 合格 in theory and practice. */
function holder(k: number, rowNumber: number): DraftFields {
  const birth = `${1980 + (k % 20)}${String((k % 12) + 1).padStart(2, '0')}${String((k % 27) + 1).padStart(2, '0')}`;
  return {
    rowNumber,
    name: `${SURNAMES[k % SURNAMES.length]}${GIVEN[(k * 3) % GIVEN.length]}`,
    idType: 1,
    idTypeText: null,
    idNumber: withCheckDigit(`110108${birth}${String(500 + k).padStart(3, '0')}`),
    results: { '1': String(70 + (k % 25)), '2': '合格' },
    values: {},
    photoProblem: null,
  };
}

/**
 * Demo content (SEED_DEMO; src/demo runs it once the job queue runs): qiye (once, when it has no offline batch) gets
 * one batch published with the national template (20 holders, numbered in the library; the PDFs render in the
 * background and then they are valid and verifiable, 已发布) and one batch 待确认 whose two drafts carry problems (a
 * wrong ID number check digit, a missing 技能操作考核 result). Of several instances starting together, the first one
 * seeds it.
 */
export async function seedOfflineDemo(app: FastifyInstance): Promise<void> {
  const admin = await findUserByAccount(app.db, 'qiye');
  if (!admin?.companyId) return;
  try {
    await app.database.withStartupLock(async () => seedOfflineBatches(app, admin));
  } catch (err) {
    // The company has no codes yet, or the demo changed: nothing to seed.
    if (!(err instanceof AppError)) throw err;
  }
}

/** qiye's two demo batches, when it has none yet (the published one renders in the background). */
export async function seedOfflineBatches(app: FastifyInstance, admin: UserRow): Promise<void> {
  const companyId = admin.companyId as string;
  const [{ n }] = await app.db
    .select({ n: count() })
    .from(offlineCertificateBatches)
    .where(eq(offlineCertificateBatches.companyId, companyId));
  if (n > 0) return;
  const caller: OfflineCaller = { user: admin, company: companyScope(companyId, CompanyRole.ADMIN) };
  const [filing] = await approvedFilings(app.db, caller.company);
  const scope = filing?.scopes.find((s) => s.levels.length > 1) ?? filing?.scopes[0];
  const site = filing?.sites[0];
  if (!filing || !scope || !site) return;
  const today = Date.now();
  const day = (d: number) => formatDate(new Date(today + d * DAY));
  const batch = async (name: string, level: number, from: number, drafts: DraftFields[]) => {
    const file = await storeGeneratedFile(app.db, app.storage, {
      bytes: await app.sheets.writeTable({
        sheetName: '证书信息',
        columns: sheetColumns([]).map((header) => ({ header })),
        rows: drafts.map((d) => [
          d.name,
          '居民身份证',
          d.idNumber,
          d.results['1'] ?? '',
          d.results['2'] ?? '',
          '',
          '',
        ]),
      }),
      kind: 'xlsx',
      originName: `${name}.xlsx`,
      owner: { id: admin.id, companyId },
    });
    const [row] = await app.db
      .insert(offlineCertificateBatches)
      .values({
        id: uuidv7(),
        companyId,
        name,
        occupationCode: scope.occupationCode,
        occupationName: scope.occupationName,
        workType: scope.workType,
        level,
        startDate: day(from),
        endDate: day(from + 2),
        siteId: site.id,
        siteName: site.name,
        templateId: NATIONAL_TEMPLATE_ID,
        template: NATIONAL_TEMPLATE,
        issueDate: day(from + 10),
        fileId: file.id,
        status: OfflineBatchStatus.PARSING,
        createdBy: admin.id,
        createdByName: admin.name,
      })
      .returning();
    await writeDrafts(app, row, drafts);
    return row;
  };
  const [high, low] = [scope.levels[scope.levels.length - 1], scope.levels[0]];
  const published = await batch(
    DEMO_PUBLISHED_BATCH,
    high,
    -60,
    Array.from({ length: 20 }, (_, i) => holder(i, i + 2)),
  );
  const toConfirm = Array.from({ length: 6 }, (_, i) => holder(100 + i, i + 2));
  const good = toConfirm[2].idNumber;
  toConfirm[2] = { ...toConfirm[2], idNumber: `${good.slice(0, 17)}${good.endsWith('0') ? '1' : '0'}` };
  toConfirm[4] = { ...toConfirm[4], results: { '1': '88' } };
  await batch(DEMO_TO_CONFIRM_BATCH, low, -5, toConfirm);
  await publishBatch(app, caller, published.id);
}

/** Drafts judged by the rules, written, and the batch 1 待确认 (what the read job does for an upload). */
async function writeDrafts(app: FastifyInstance, b: BatchRecord, fields: DraftFields[]): Promise<void> {
  const judged = await judge(app.db, b, fields);
  await app.db.transaction(async (tx) => {
    await insertDrafts(
      tx,
      b.id,
      fields.map((f) => ({
        ...f,
        photoFileId: null,
        ...(judged.get(f.rowNumber) ?? { problems: [], duplicateHolder: false }),
      })),
    );
    await tx
      .update(offlineCertificateBatches)
      .set({ status: OfflineBatchStatus.TO_CONFIRM, total: fields.length, readAt: new Date() })
      .where(eq(offlineCertificateBatches.id, b.id));
  });
}
