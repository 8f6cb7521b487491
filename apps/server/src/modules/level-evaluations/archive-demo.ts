import { ArchiveKind } from '@skill-cert/shared/archives';
import { CompanyRole } from '@skill-cert/shared/companies';
import { EvaluationStatus } from '@skill-cert/shared/level-evaluations';
import type { FastifyInstance } from 'fastify';
import { companyScope } from '../../lib/company-scope.ts';
import { addItem, openArchive } from '../archives/service.ts';
import { storeGeneratedFile } from '../files/service.ts';
import { findUserByAccount } from '../users/service.ts';
import { approvedPlans, archiveOpeningOf, candidatePage } from './archive-source.ts';

/**
 * Demo content (SEED_DEMO; src/demo runs it once the job queue runs): every approved plan of qiye's company has its
 * archive (the evaluation demo writes its plans directly, without the approval that opens one), and the archive of
 * the plan 进行中 gets a sign-in sheet (签到表.pdf, laid out by the engine from its candidates) in volume 3 when it
 * is opened. Nothing is sealed: the demo plans' states stay as the other demos and browser tests expect them.
 * Running it again adds nothing.
 */
export async function openDemoArchives(app: FastifyInstance): Promise<void> {
  const admin = await findUserByAccount(app.db, 'qiye');
  if (!admin?.companyId) return;
  for (const plan of await approvedPlans(app.db, admin.companyId)) {
    const archiveId = await openArchive(app.db, ArchiveKind.EVALUATION, archiveOpeningOf(plan), {
      id: null,
      name: '系统',
    });
    if (!archiveId || plan.status !== EvaluationStatus.IN_PROGRESS) continue;
    const candidates = await candidatePage(app.db, plan.id, null, 100);
    const pdf = await app.renderPool.document({
      title: `${plan.name} 签到表`,
      subtitle: `${plan.startDate ?? ''} 理论知识考试 第一考场`,
      sections: [
        {
          heading: '考生签到',
          columns: [
            { header: '序号', width: 1 },
            { header: '姓名', width: 2 },
            { header: '证件号码', width: 4 },
            { header: '签名', width: 3 },
          ],
          rows: candidates.map((c, i) => [String(i + 1), c.name, c.idNumber, '']),
        },
      ],
    });
    const file = await storeGeneratedFile(app.db, app.storage, {
      bytes: pdf,
      kind: 'pdf',
      originName: '签到表.pdf',
      owner: { id: admin.id, companyId: admin.companyId },
    });
    await addItem(app.db, companyScope(admin.companyId, CompanyRole.ADMIN), admin, archiveId, {
      volume: 3,
      file_id: file.id,
      name: '理论考试签到表.pdf',
    });
  }
}
