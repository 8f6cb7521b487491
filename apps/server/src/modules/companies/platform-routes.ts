import {
  CompanyType,
  companyInfo,
  createInstitutionBody,
  institutionCreated,
} from '@skill-cert/shared/companies';
import { envelope, noData } from '@skill-cert/shared/envelope';
import { TemplateKey } from '@skill-cert/shared/messages';
import { paged, pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import type { PlatformCompanyDetail } from '@skill-cert/shared/records';
import { platformCompanyDetail as platformCompanyDetailSchema } from '@skill-cert/shared/records';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import type { RouteAccess } from '../../lib/route-access.ts';
import { findCompany, toCompanyInfo } from './companies.ts';
import { createInstitution } from './institutions.ts';
import { listCompanies, platformCompanyDetail, setCompanyStatus } from './platform.ts';
import { idParams, JOIN_CATEGORY } from './route-params.ts';

/** `GET /api/companies/:id`: the company's own people, or the platform with 企业管理; others are told 404. */
const companyRecordReaders: RouteAccess = {
  anyOf: [{ company: 'member' }, { roleTypes: [RoleType.PLATFORM], permission: 'platform:company:list' }],
  refusedAs404: true,
};

/** The platform's companies (企业管理), and a company's own record for its members or the platform. */
export const companyPlatformRoutes: FastifyPluginAsyncZod<{
  /** A company's filings, counted by the module that owns them (records); app.ts hands it in. */
  filingCounts(
    db: DbOrTx,
    companyId: string,
  ): Promise<Pick<PlatformCompanyDetail, 'application_count' | 'approved_count'>>;
}> = async (app, { filingCounts }) => {
  const { db } = app;
  const platform = (key: string) => app.requirePermission(RoleType.PLATFORM, key);

  app.get(
    '/api/platform/companies',
    {
      preHandler: platform('platform:company:list'),
      schema: {
        response: { 200: envelope(paged(companyInfo)) },
        querystring: pageQuery.extend({
          keyword: z.string().trim().optional(),
          type: z.coerce
            .number()
            .pipe(
              z.union([z.literal(1), z.literal(2)], {
                error: '企业类型只能是 1（企业）或 2（培训评价机构）',
              }),
            )
            .optional(),
          status: z.coerce.number().int().min(0).max(1).optional(),
        }),
      },
    },
    async (req) => {
      const { list, total } = await listCompanies(db, req.query);
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  // The platform creates an institution and its administrator (机构管理员), who is told.
  app.post(
    '/api/platform/institutions',
    {
      preHandler: platform('platform:institution:add'),
      schema: { body: createInstitutionBody, response: { 200: envelope(institutionCreated) } },
    },
    async (req) => {
      const { company, admin, created } = await createInstitution(db, req.body);
      await app.messenger.toUsers([admin.id], {
        category: '机构通知',
        content: `平台已为「${company.name}」开通机构端，您是该机构的管理员`,
        relatedId: company.id,
      });
      return ok(
        {
          company: toCompanyInfo(company),
          admin: { user_id: admin.id, name: admin.name, phone: admin.phone, created },
        },
        '机构已创建',
      );
    },
  );

  // A company's record, every administrator, member and filing counts.
  app.get(
    '/api/platform/companies/:id',
    {
      preHandler: platform('platform:company:list'),
      schema: { response: { 200: envelope(platformCompanyDetailSchema) }, params: idParams },
    },
    async (req) =>
      ok({
        ...(await platformCompanyDetail(db, req.params.id)),
        ...(await filingCounts(db, req.params.id)),
      }),
  );

  for (const [action, status, text] of [
    ['freeze', 0, '冻结'],
    ['unfreeze', 1, '解冻'],
  ] as const) {
    app.post(
      `/api/platform/companies/:id/${action}`,
      {
        preHandler: platform('platform:company:freeze'),
        // The audit log's "before": the company as it was.
        config: { audit: { before: (req) => findCompany(db, (req.params as { id: string }).id) } },
        schema: { params: idParams, response: { 200: noData } },
      },
      async (req) => {
        if (!(await findCompany(db, req.params.id))) throw notFound('企业不存在');
        const { name, type, memberIds } = await setCompanyStatus(db, req.params.id, status);
        await app.messenger.toUsers(memberIds, {
          category: JOIN_CATEGORY,
          content: `您所在的${type === CompanyType.INSTITUTION ? '机构' : '企业'}「${name}」已被平台${text}`,
          relatedId: req.params.id,
          templateKey: TemplateKey.COMPANY_STATUS_CHANGED,
        });
        return ok(null, `已${text}`);
      },
    );
  }

  // A company's record: its own members, or the platform with 企业管理 (platform:company:list). Anyone else:
  // 404, as if it did not exist.
  const platformCompanyReader = platform('platform:company:list');
  app.get(
    '/api/companies/:id',
    {
      config: { access: companyRecordReaders },
      schema: { response: { 200: envelope(companyInfo) }, params: idParams },
    },
    async (req, reply) => {
      if (req.auth.user.activeRoleTypeId === RoleType.PLATFORM)
        await platformCompanyReader.call(app, req, reply);
      else if (req.auth.user.companyId !== req.params.id) throw notFound('企业不存在');
      const company = await findCompany(db, req.params.id);
      if (!company) throw notFound('企业不存在');
      return ok(toCompanyInfo(company));
    },
  );
};
