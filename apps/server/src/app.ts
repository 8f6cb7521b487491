import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { UPLOAD_MAX_BYTES } from '@skill-cert/shared/constants';
import { ApiCode } from '@skill-cert/shared/envelope';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { seedDemoData } from './db/seed.ts';
import { collectRoutes } from './lib/route-access.ts';
import { ensureDefaultAccess } from './modules/access/defaults.ts';
import { accessPlugin } from './modules/access/guard.ts';
import { accessRoutes } from './modules/access/routes.ts';
import { appRoutes } from './modules/app/routes.ts';
import { archiveRoutes } from './modules/archives/routes.ts';
import { areaRoutes } from './modules/area/routes.ts';
import { authPlugin } from './modules/auth/guard.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { renderPoolPlugin } from './modules/certificate-engine/render-pool.ts';
import { certificateGrantRoutes } from './modules/certificate-grants/routes.ts';
import { certificateMemberRoutes, certificatePublicRoutes } from './modules/certificates/routes.ts';
import { enterpriseDoor } from './modules/companies/door.ts';
import { companyMemberRoutes, companyNewcomerRoutes, companyRoutes } from './modules/companies/routes.ts';
import {
  customCertificateMemberRoutes,
  customCertificateRoutes,
} from './modules/custom-certificates/routes.ts';
import { dictRoutes } from './modules/dict/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { seedEvaluationDemo } from './modules/level-evaluations/demo.ts';
import { levelEvaluationRoutes } from './modules/level-evaluations/routes.ts';
import { messengerPlugin } from './modules/messages/messenger.ts';
import { realtimePlugin } from './modules/messages/realtime.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { occupationRoutes } from './modules/occupations/routes.ts';
import { offlineCertificateRoutes } from './modules/offline-certificates/routes.ts';
import { recordCompanyRoutes, recordPlatformRoutes } from './modules/records/routes.ts';
import { phoneRoutes } from './modules/users/phoneRoutes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { ensureRoleTypes } from './modules/users/service.ts';
import { busPlugin } from './plugins/bus.ts';
import { compressPlugin } from './plugins/compress.ts';
import { configPlugin } from './plugins/config.ts';
import { contractPlugin } from './plugins/contract.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin, type ZodIssueLike, zodIssueText } from './plugins/errors.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { openapiPlugin } from './plugins/openapi.ts';
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
  // Before any route: every answer's schema, the failure envelope, the OpenAPI document.
  await app.register(contractPlugin);
  await app.register(openapiPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressPlugin);
  await app.register(dbPlugin, { database: options.database });
  await app.register(storagePlugin);
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
  await app.register(busPlugin);
  await app.register(messengerPlugin);
  await app.register(realtimePlugin);
  await app.register(jobsPlugin);
  await app.register(renderPoolPlugin);

  await app.register(appRoutes);
  await app.register(authRoutes, { wait: options.wait });
  await app.register(userRoutes);
  await app.register(phoneRoutes);
  await app.register(accessRoutes);
  await app.register(fileRoutes);
  await app.register(areaRoutes);
  await app.register(dictRoutes);
  await app.register(messageRoutes);
  await app.register(companyRoutes);
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
  await app.register(customCertificateRoutes);
  await app.register(certificatePublicRoutes);
  await app.register(occupationRoutes);
  await app.register(recordPlatformRoutes);
  await app.register(webPlugin);

  // Several instances may start together on one PostgreSQL: they seed one at a time.
  await app.database.withStartupLock(async () => {
    await ensureRoleTypes(app.db);
    await ensureDefaultAccess(app.db);
    if (config.seedDemo) {
      await seedDemoData(app.db);
      // Start-only (seedDemoData also runs before every API test): plans for the 等级评价 and 评价审批 pages.
      await seedEvaluationDemo(app.db);
    }
  });
  return app;
}
