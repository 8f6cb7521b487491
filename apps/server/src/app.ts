import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { UPLOAD_MAX_BYTES } from '@skill-cert/shared/constants';
import { ApiCode } from '@skill-cert/shared/envelope';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { demoPlugin } from './demo/index.ts';
import { collectRoutes } from './lib/route-access.ts';
import { defaultsAddedMessage, ensureDefaultAccess } from './modules/access/defaults.ts';
import { accessPlugin } from './modules/access/guard.ts';
import { institutionRoleRoutes } from './modules/access/institution-routes.ts';
import { accessRoutes } from './modules/access/routes.ts';
import { appRoutes } from './modules/app/routes.ts';
import { archiveRoutes } from './modules/archives/routes.ts';
import { archiveSourcesPlugin } from './modules/archives/sources.ts';
import { areaRoutes } from './modules/area/routes.ts';
import { auditPlugin } from './modules/audit/plugin.ts';
import { auditLogRoutes } from './modules/audit/routes.ts';
import { authPlugin } from './modules/auth/guard.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { bannerPlatformFiles, bannerRoutes } from './modules/banners/routes.ts';
import { renderPoolPlugin } from './modules/certificate-engine/render-pool.ts';
import { grantLibrarySource, grantOfPlan } from './modules/certificate-grants/grants.ts';
import { startPaperReading } from './modules/certificate-grants/paper-job.ts';
import { certificateGrantRoutes } from './modules/certificate-grants/routes.ts';
import { testPlanGrantRoutes } from './modules/certificate-grants/test-plan-routes.ts';
import { certificateLibraryPlugin } from './modules/certificates/rendering.ts';
import { certificateReportRoutes } from './modules/certificates/report-routes.ts';
import { certificateMemberRoutes, certificatePublicRoutes } from './modules/certificates/routes.ts';
import { enterpriseDoor, institutionDoor } from './modules/companies/door.ts';
import { institutionStaffRoutes } from './modules/companies/institution-routes.ts';
import { companyMemberRoutes } from './modules/companies/member-routes.ts';
import { companyNewcomerRoutes } from './modules/companies/newcomer-routes.ts';
import { companyPlatformRoutes } from './modules/companies/platform-routes.ts';
import { companyFilesLink } from './modules/companies/service.ts';
import { removeAbandonedUploads } from './modules/custom-certificates/batches.ts';
import { customLibrarySource } from './modules/custom-certificates/library-source.ts';
import { customCertificateMemberRoutes } from './modules/custom-certificates/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { dictPlugin, dictRoutes } from './modules/dict/routes.ts';
import { ensureDictionaries } from './modules/dict/service.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { registerPlatformFileLinks, registerReaderFileLinks } from './modules/files/service.ts';
import { evaluationArchiveSource } from './modules/level-evaluations/archive.ts';
import { registerExamineeImport } from './modules/level-evaluations/examinee-import.ts';
import { planOccupationUses } from './modules/level-evaluations/occupation-use.ts';
import { schedulePublicityJob } from './modules/level-evaluations/publicity.ts';
import {
  examinerRoutes,
  levelEvaluationRoutes,
  testPlanRoutes,
  ticketPublicRoutes,
} from './modules/level-evaluations/routes.ts';
import { registerTicketRendering } from './modules/level-evaluations/tickets.ts';
import { messengerPlugin } from './modules/messages/messenger.ts';
import { realtimePlugin } from './modules/messages/realtime.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { newsPlatformFiles, newsReaderFiles, newsRoutes } from './modules/news/routes.ts';
import { registerNewsPublishing } from './modules/news/service.ts';
import { occupationRoutes } from './modules/occupations/routes.ts';
import { ensureOccupationCatalogue, registerOccupationUses } from './modules/occupations/service.ts';
import { offlineArchiveSource } from './modules/offline-certificates/archive.ts';
import { offlineBatchOccupationUse } from './modules/offline-certificates/occupation-use.ts';
import { offlineLibrarySource } from './modules/offline-certificates/publish.ts';
import { registerReadJob } from './modules/offline-certificates/read-job.ts';
import { offlineCertificateRoutes } from './modules/offline-certificates/routes.ts';
import { filingOccupationUse } from './modules/records/occupation-use.ts';
import {
  recordCompanyRoutes,
  recordInstitutionRoutes,
  recordPlatformRoutes,
} from './modules/records/routes.ts';
import { applicationCounts, filingFilesLink } from './modules/records/service.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { filingTwoStep } from './modules/reviews/service.ts';
import { phoneRoutes } from './modules/users/phone-routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { ensureRoleTypes } from './modules/users/service.ts';
import { backupChannelPlugin } from './plugins/backup-channel.ts';
import { busPlugin } from './plugins/bus.ts';
import { compressPlugin } from './plugins/compress.ts';
import { configPlugin } from './plugins/config.ts';
import { contractPlugin } from './plugins/contract.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin, type ZodIssueLike, zodIssueText } from './plugins/errors.ts';
import { forwardedWarningPlugin } from './plugins/forwarded-warning.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { metricsPlugin, requestIdOf } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { readinessPlugin } from './plugins/readiness.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { type SmsProvider, smsPlugin } from './plugins/sms.ts';
import { storagePlugin } from './plugins/storage.ts';
import { tempFilesPlugin } from './plugins/temp-files.ts';
import { webPlugin } from './plugins/web.ts';

// Zod's own messages in Chinese, never echoing the input; the errors plugin puts the field in front of them.
z.config({ localeError: (issue) => zodIssueText(issue as ZodIssueLike) });

export interface BuildOptions {
  /** A database opened by the caller (tests); otherwise opened from the config. */
  database?: Database;
  sms?: SmsProvider;
  /** How the login backoff waits (tests record it instead of waiting); default a timer. */
  wait?: (ms: number) => Promise<void>;
}

/** Builds the application without listening: `main.ts` listens, tests call `app.inject()`. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
    trustProxy: config.trustProxy,
    genReqId: requestIdOf(config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    // A `__proto__` or `constructor.prototype` key in a JSON body is dropped like any unknown field, instead of
    // failing the whole body as "not valid JSON" (it is valid JSON); it never reaches an object's prototype.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    routerOptions: { ignoreTrailingSlash: true },
    // No time limit on a plugin's start: a new embedded database takes 10 s and more on a busy machine
    // (avvio's default limit failed the browser tests' server with AVV_ERR_PLUGIN_EXEC_TIMEOUT).
    pluginTimeout: 0,
  });
  if (config.maxConnections) app.server.maxConnections = config.maxConnections;
  // Out of descriptors, accept() fails: log it and keep serving the connections already held.
  app.server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EMFILE' || err.code === 'ENFILE')
      app.log.warn({ code: err.code }, '连接数已达上限，拒绝新连接');
    else app.log.error({ err }, 'server error');
  });
  app.setValidatorCompiler(validatorCompiler);
  // Every route with its declared access (lib/route-access.ts): the authorization matrix, the fuzz and contract
  // tests and the OpenAPI document read it.
  collectRoutes(app);

  await app.register(configPlugin, { config });
  await app.register(forwardedWarningPlugin);
  // Before any route: every answer's schema, the failure envelope, the OpenAPI document.
  await app.register(contractPlugin);
  await app.register(openapiPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressPlugin);
  await app.register(dbPlugin, { database: options.database });
  await app.register(backupChannelPlugin);
  await app.register(metricsPlugin);
  await app.register(storagePlugin);
  await app.register(readinessPlugin);
  await app.register(tempFilesPlugin);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({
      statusCode: 429,
      code: ApiCode.TOO_MANY_REQUESTS,
      message: '请求过于频繁，请稍后再试',
      data: null,
    }),
  });
  await app.register(smsPlugin, { provider: options.sms });
  await app.register(authPlugin);
  await app.register(accessPlugin);
  await app.register(auditPlugin);
  await app.register(busPlugin);
  await app.register(dictPlugin);
  await app.register(messengerPlugin);
  await app.register(realtimePlugin);
  await app.register(jobsPlugin);
  await app.register(renderPoolPlugin);
  // A repeated write (a double click, a retry) with the same Idempotency-Key gets the first answer.
  await app.register(idempotencyPlugin, { userOf: (request) => request.auth?.userId ?? null });

  // Extension points and background work, all wired here: the certificate library's sources (each renders on the
  // library's one path; their workers start with it), the kinds of archive, the other durable jobs.
  await app.register(certificateLibraryPlugin, {
    sources: [grantLibrarySource, offlineLibrarySource, customLibrarySource],
  });
  await app.register(archiveSourcesPlugin, {
    sources: [evaluationArchiveSource({ grantOfPlan }), offlineArchiveSource],
  });
  // Files of tenants a platform permission opens: a company's licence and logo, a filing's files.
  registerPlatformFileLinks([companyFilesLink, filingFilesLink, newsPlatformFiles, bannerPlatformFiles]);
  // Files published content shows every reader: a news article's cover and attachments.
  registerReaderFileLinks([newsReaderFiles]);
  // What stores occupation codes: 职业目录 says where an occupation is used and deletes only unused ones. (Certificates
  // come from plans and batches, which count already.)
  registerOccupationUses([filingOccupationUse, ...planOccupationUses, offlineBatchOccupationUse]);
  await startPaperReading(app);
  await registerReadJob(app);
  await registerExamineeImport(app);
  await registerTicketRendering(app);
  await schedulePublicityJob(app);
  await registerNewsPublishing(app);
  await removeAbandonedUploads(app.db);

  await app.register(appRoutes);
  await app.register(authRoutes, { wait: options.wait });
  await app.register(userRoutes);
  await app.register(phoneRoutes);
  await app.register(accessRoutes);
  await app.register(fileRoutes);
  await app.register(areaRoutes);
  await app.register(dictRoutes);
  await app.register(messageRoutes);
  await app.register(newsRoutes);
  await app.register(auditLogRoutes);
  await app.register(bannerRoutes);
  await app.register(reviewRoutes);
  await app.register(dashboardRoutes);
  await app.register(certificateReportRoutes);
  await app.register(companyPlatformRoutes, { filingCounts: applicationCounts });
  // The enterprise portal's one door: 企业端, and for member routes an active company (req.company).
  await app.register(enterpriseDoor, {
    newcomerRoutes: [companyNewcomerRoutes],
    memberRoutes: [
      companyMemberRoutes,
      recordCompanyRoutes,
      customCertificateMemberRoutes,
      levelEvaluationRoutes,
      certificateGrantRoutes,
      certificateMemberRoutes,
      offlineCertificateRoutes,
      archiveRoutes,
    ],
  });
  // The institution portal's one door: 机构端 and an active institution (req.company); each route adds its key.
  await app.register(institutionDoor, {
    routes: [
      recordInstitutionRoutes,
      institutionStaffRoutes,
      institutionRoleRoutes,
      testPlanRoutes,
      testPlanGrantRoutes,
    ],
  });
  await app.register(certificatePublicRoutes);
  await app.register(ticketPublicRoutes);
  // The examiner portal (考评员端): each route checks the role type and its key.
  await app.register(examinerRoutes);
  await app.register(occupationRoutes);
  await app.register(recordPlatformRoutes, { twoStepReview: filingTwoStep });
  await app.register(webPlugin);

  // Several instances may start together on one PostgreSQL: they seed one at a time.
  await app.database.withStartupLock(async () => {
    await ensureRoleTypes(app.db);
    await ensureDefaultAccess(app.db, (portal, items) =>
      app.log.info({ portal, items }, defaultsAddedMessage(portal, items)),
    );
    const dictItemsAdded = await ensureDictionaries(app.db);
    if (dictItemsAdded) app.log.info({ items: dictItemsAdded }, `字典新增默认字典项 ${dictItemsAdded} 项`);
    // The shipped occupation catalogue: what it never added before (new occupations of a release), nothing edited.
    const added = await ensureOccupationCatalogue(app.db);
    if (added.occupations || added.workTypes)
      app.log.info(added, `职业目录：新增 ${added.occupations} 个职业、${added.workTypes} 个工种/职业方向`);
  });
  // Every demo, in one sequence (SEED_DEMO).
  await app.register(demoPlugin);
  return app;
}
