import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { seedDemoData } from '../db/seed.ts';
import { seedAuditDemo } from '../modules/audit/demo.ts';
import { seedBannerDemo } from '../modules/banners/demo.ts';
import { seedGrantDemo } from '../modules/certificate-grants/grant-demo.ts';
import { seedReportDemo } from '../modules/certificates/report-demo.ts';
import { seedInstitutionStaffDemo } from '../modules/companies/institution-demo.ts';
import { openDemoArchives } from '../modules/level-evaluations/archive-demo.ts';
import { renderEvaluationDemoTickets, seedEvaluationDemo } from '../modules/level-evaluations/demo.ts';
import { seedExaminerDemo } from '../modules/level-evaluations/examiner-demo.ts';
import { renderDemoTickets, seedInstitutionDemo } from '../modules/level-evaluations/institution-demo.ts';
import { seedNewsDemo } from '../modules/news/demo.ts';
import { seedOfflineDemo } from '../modules/offline-certificates/demo.ts';
import { seedReviewDemo } from '../modules/reviews/demo.ts';

/**
 * What the demo shows once the job queue runs, in order: each step reads what the steps before it made (the grant
 * needs the evaluation plans; the archives open for the plans granted), and each adds nothing when its content is
 * there already.
 */
const WHEN_READY: [name: string, step: (app: FastifyInstance) => Promise<void>][] = [
  ['发证', seedGrantDemo],
  ['数据上报', seedReportDemo],
  ['证书生成', seedOfflineDemo],
  ['档案', openDemoArchives],
  ['准考证', renderDemoTickets],
  ['评价准考证', renderEvaluationDemoTickets],
];

/**
 * Every demo in one sequence (SEED_DEMO, README "Demo accounts"): the accounts and companies, then the evaluation
 * plans and the institution's test plans and staff, at start under the start-up lock (several instances seed one at
 * a time), so the demo accounts sign in from the first request; the rest (certificates, archives, tickets: seconds of
 * rendering on a new data folder) once the port is open, while `/readyz` answers 503 (`startupWork`). A failing demo
 * step is logged and never stops the server; a server that closes meanwhile stops between steps.
 */
export const demoPlugin = fp(
  async (app) => {
    if (!app.config.seedDemo) return;
    await app.database.withStartupLock(async () => {
      await seedDemoData(app.db);
      await seedEvaluationDemo(app.db);
      await seedInstitutionDemo(app.db);
      await seedInstitutionStaffDemo(app.db);
      await seedReviewDemo(app.db);
      await seedExaminerDemo(app.db);
      await seedNewsDemo(app.db);
      await seedAuditDemo(app.db);
      await seedBannerDemo(app);
    });
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onListen', async () => {
      app.startupWork.add('demo');
      void (async () => {
        for (const [name, step] of WHEN_READY) {
          if (closing) break;
          await step(app).catch((err: unknown) => app.log.error({ err, step: name }, '演示数据生成失败'));
        }
      })().finally(() => app.startupWork.delete('demo'));
    });
  },
  { name: 'demo', dependencies: ['certificate-library', 'readiness'] },
);
