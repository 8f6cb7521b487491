import {
  companyInfo,
  companyInvitation,
  createCompanyBody,
  joinCompanyBody,
  joinRequestRow,
} from '@skill-cert/shared/companies';
import { envelope, noData } from '@skill-cert/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { forbidden } from '../../lib/errors.ts';
import { ALREADY_IN_COMPANY, createCompany, toCompanyInfo } from './companies.ts';
import { myLatestJoinRequest, requestToJoin, withdrawMyRequest } from './join-requests.ts';
import { acceptInvitation, declineInvitation, myInvitations } from './members.ts';
import { invitationParams, JOIN_CATEGORY } from './route-params.ts';

/**
 * Creating or joining a company (/join): any 企业端 user, behind the enterprise door's newcomer side (app.ts).
 */
export const companyNewcomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    '/api/companies',
    { schema: { response: { 200: envelope(companyInfo) }, body: createCompanyBody } },
    async (req) => {
      if (req.auth.user.companyId) throw forbidden(ALREADY_IN_COMPANY);
      const company = await createCompany(db, req.auth.userId, req.body);
      return ok(toCompanyInfo(company), '企业创建成功');
    },
  );

  app.post(
    '/api/companies/join',
    {
      schema: {
        response: { 200: envelope(z.object({ _id: z.string(), company_name: z.string() })) },
        body: joinCompanyBody,
      },
    },
    async (req) => {
      const { request, company } = await requestToJoin(
        db,
        req.auth.userId,
        req.auth.user.companyId,
        req.body.code,
      );
      return ok({ _id: request.id, company_name: company.name }, '申请已提交，请等待企业管理员审核');
    },
  );

  app.get(
    '/api/companies/myJoinRequest',
    { schema: { response: { 200: envelope(joinRequestRow.nullable()) } } },
    async (req) => ok(await myLatestJoinRequest(db, req.auth.userId)),
  );

  app.delete('/api/companies/myJoinRequest', { schema: { response: { 200: noData } } }, async (req) => {
    await withdrawMyRequest(db, req.auth.userId);
    return ok(null, '已撤回加入申请');
  });

  // Invitations of an administrator who added the caller's phone: the caller joins only by accepting one.
  app.get(
    '/api/companies/myInvitations',
    { schema: { response: { 200: envelope(z.array(companyInvitation)) } } },
    async (req) => ok(await myInvitations(db, req.auth.userId)),
  );

  app.post(
    '/api/companies/myInvitations/:id/accept',
    {
      schema: { params: invitationParams, response: { 200: envelope(z.object({ company_id: z.string() })) } },
    },
    async (req) => {
      const { companyId, invitedBy } = await acceptInvitation(db, req.auth.userId, req.params.id);
      if (invitedBy)
        await app.messenger.toUsers([invitedBy], {
          category: JOIN_CATEGORY,
          content: `${req.auth.user.name} 已接受邀请，加入本企业`,
          relatedId: companyId,
        });
      return ok({ company_id: companyId }, '已加入企业');
    },
  );

  app.post(
    '/api/companies/myInvitations/:id/decline',
    { schema: { params: invitationParams, response: { 200: noData } } },
    async (req) => {
      const { companyId, invitedBy } = await declineInvitation(db, req.auth.userId, req.params.id);
      if (invitedBy)
        await app.messenger.toUsers([invitedBy], {
          category: JOIN_CATEGORY,
          content: `${req.auth.user.name} 已拒绝加入本企业的邀请`,
          relatedId: companyId,
        });
      return ok(null, '已拒绝邀请');
    },
  );
};
