import {
  type AddMemberResult,
  addMemberBody,
  companyInfo,
  companyInvitation,
  contactInfoBody,
  createCompanyBody,
  enNameBody,
  inviteCodeInfo,
  joinCompanyBody,
  joinRequestRow,
  logoBody,
  makeAdminBody,
  memberAdded,
  memberRow,
  newAdminSmsBody,
  rejectBody,
  subNameBody,
  uploadPermission,
} from '@skill-cert/shared/company';
import { envelope, noData } from '@skill-cert/shared/envelope';
import { TemplateKey } from '@skill-cert/shared/messages';
import { paged, pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import { platformCompanyDetail as platformCompanyDetailSchema } from '@skill-cert/shared/recordApplication';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { RouteAccess } from '../../lib/route-access.ts';
import { assignToCompany } from '../files/service.ts';
import { issueUploadToken } from '../files/uploadTokens.ts';
import { applicationCounts } from '../records/service.ts';
import { consumeCode, sendCode } from '../verification/service.ts';
import { companyAdminOnly } from './door.ts';
import {
  ALREADY_ADMIN,
  ALREADY_IN_COMPANY,
  acceptInvitation,
  addMemberByPhone,
  createCompany,
  decideJoinRequest,
  declineInvitation,
  findCompany,
  inviteCode,
  listCompanies,
  listJoinRequests,
  listMembers,
  memberUser,
  myInvitations,
  myLatestJoinRequest,
  platformCompanyDetail,
  removeMember,
  requestToJoin,
  setCompanyStatus,
  switchInitiateStatus,
  toCompanyInfo,
  transferAdmin,
  updateCompany,
  withdrawMyRequest,
} from './service.ts';

const idParams = z.object({ id: z.string().uuid('企业不存在') });
const requestParams = z.object({ id: z.string().uuid('申请不存在') });
const memberParams = z.object({ userId: z.string().uuid('成员不存在') });
const JOIN_CATEGORY = '企业通知';
/** `GET /api/companies/:id`: the company's own people, or the platform with 企业管理; others are told 404. */
const companyRecordReaders: RouteAccess = {
  anyOf: [{ company: 'member' }, { roleTypes: [RoleType.PLATFORM], permission: 'platform:company:list' }],
  refusedAs404: true,
};

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

const invitationParams = z.object({ id: z.string().uuid('邀请不存在或已失效') });

/**
 * The caller's company (spec §7): settings by the administrator, members, join requests. Behind the enterprise
 * door's member side (app.ts): the company is `req.company`, from the session, never from the request.
 */
export const companyMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Administrator only; runs after the door, so `req.company` is set.
  const admin = { preHandler: companyAdminOnly };

  app.get(
    '/api/companies/getInitiateCode',
    { ...admin, schema: { response: { 200: envelope(inviteCodeInfo) } } },
    async (req) => ok(await inviteCode(db, req.company)),
  );

  // Spec §7: short-lived upload permission for the company's files; with local storage, a signed,
  // single-use upload URL on this server (POST /api/files/upload/signed/{token}).
  app.get(
    '/api/companies/stsToken',
    { schema: { response: { 200: envelope(uploadPermission) } } },
    async (req) => ok(await issueUploadToken(db, req.auth.userId, req.company.id)),
  );

  app.get(
    '/api/companies/switchInitiateStatus',
    { ...admin, schema: { response: { 200: envelope(inviteCodeInfo) } } },
    async (req) => {
      const result = await switchInitiateStatus(db, req.company);
      return ok(result, result.initiate_status ? '已开启加入申请' : '已关闭加入申请');
    },
  );

  const settings = <T extends z.ZodType>(
    path: string,
    body: T,
    values: (b: z.infer<T>) => Record<string, unknown>,
  ) =>
    app.patch(path, { ...admin, schema: { body, response: { 200: envelope(companyInfo) } } }, async (req) =>
      ok(toCompanyInfo(await updateCompany(db, req.company.id, values(req.body as z.infer<T>))), '保存成功'),
    );
  settings('/api/companies/updateContactInfo', contactInfoBody, (b) => ({
    contactName: b.contact_name,
    contactPhone: b.contact_phone,
    contactEmail: b.contact_email,
  }));
  settings('/api/companies/updateSubName', subNameBody, (b) => ({ subName: b.sub_name }));
  settings('/api/companies/updateEnName', enNameBody, (b) => ({ enName: b.en_name }));
  app.patch(
    '/api/companies/updateLogo',
    { ...admin, schema: { response: { 200: envelope(companyInfo) }, body: logoBody } },
    async (req) => {
      const companyId = req.company.id;
      // The logo becomes the company's file, so every member sees it.
      const company = await db.transaction(async (tx) => {
        await assignToCompany(tx, req.body.logo_file_id, req.auth.userId, companyId, '请重新上传企业标志');
        return updateCompany(tx, companyId, { logoFileId: req.body.logo_file_id });
      });
      return ok(toCompanyInfo(company), '保存成功');
    },
  );

  app.get(
    '/api/companies/joinRequests',
    {
      ...admin,
      schema: {
        response: { 200: envelope(paged(joinRequestRow)) },
        querystring: pageQuery.extend({
          status: z.coerce.number().int().min(0).max(3).optional(),
          keyword: z.string().trim().optional(),
        }),
      },
    },
    async (req) => {
      const { rows, total } = await listJoinRequests(db, req.company, req.query);
      return ok({ list: rows, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/companies/joinRequests/:id/approve',
    { ...admin, schema: { response: { 200: noData }, params: requestParams } },
    async (req) => {
      const { userId, companyName } = await decideJoinRequest(
        db,
        req.company,
        req.params.id,
        req.auth.userId,
        {
          approve: true,
        },
      );
      await app.messenger.toUsers([userId], {
        category: JOIN_CATEGORY,
        content: `您加入「${companyName}」的申请已通过`,
        relatedId: req.company.id,
        templateKey: TemplateKey.JOIN_APPROVED,
      });
      return ok(null, '已通过');
    },
  );

  app.post(
    '/api/companies/joinRequests/:id/reject',
    { ...admin, schema: { response: { 200: noData }, params: requestParams, body: rejectBody } },
    async (req) => {
      const { userId, companyName } = await decideJoinRequest(
        db,
        req.company,
        req.params.id,
        req.auth.userId,
        {
          approve: false,
          reason: req.body.reason,
        },
      );
      await app.messenger.toUsers([userId], {
        category: JOIN_CATEGORY,
        content: `您加入「${companyName}」的申请被驳回：${req.body.reason}`,
        relatedId: req.company.id,
        templateKey: TemplateKey.JOIN_REJECTED,
      });
      return ok(null, '已驳回');
    },
  );

  app.get(
    '/api/companies/members',
    {
      schema: {
        response: { 200: envelope(paged(memberRow)) },
        querystring: pageQuery.extend({ keyword: z.string().trim().optional() }),
      },
    },
    async (req) => {
      const { list, total } = await listMembers(db, req.company, req.query);
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/companies/members',
    { ...admin, schema: { response: { 200: envelope(memberAdded) }, body: addMemberBody } },
    async (req) => {
      const { user, invited } = await addMemberByPhone(db, req.company, req.body, req.auth.userId);
      const company = await findCompany(db, req.company.id);
      await app.messenger.toUsers([user.id], {
        category: JOIN_CATEGORY,
        content: invited
          ? `「${company?.name}」邀请您加入企业，请在“加入企业”页面接受或拒绝`
          : `您已被添加为「${company?.name}」的成员`,
        relatedId: req.company.id,
        templateKey: invited ? TemplateKey.COMPANY_INVITATION : TemplateKey.MEMBER_ADDED,
      });
      const result: AddMemberResult = { user_id: user.id, invited };
      return ok(result, invited ? '已向该用户发送邀请，对方接受后加入企业' : '添加成功');
    },
  );

  app.delete(
    '/api/companies/members/:userId',
    { ...admin, schema: { response: { 200: noData }, params: memberParams } },
    async (req) => {
      await removeMember(db, req.company, req.params.userId);
      return ok(null, '已移除');
    },
  );

  // Handing over the administrator role: a code goes to the new administrator's phone (spec §7 newAdmin/sms).
  app.post(
    '/api/newAdmin/sms',
    {
      ...admin,
      onRequest: app.smsAddressLimit,
      schema: { response: { 200: noData }, body: newAdminSmsBody },
    },
    async (req) => {
      if (req.body.user_id === req.auth.userId) throw badRequest(ALREADY_ADMIN);
      const target = await memberUser(db, req.company, req.body.user_id);
      await sendCode(db, app.sms, target.phone, 'newAdmin');
      return ok(null, `验证码已发送至 ${target.phone.slice(0, 3)}****${target.phone.slice(-4)}`);
    },
  );

  app.post(
    '/api/companies/members/:userId/makeAdmin',
    { ...admin, schema: { response: { 200: noData }, params: memberParams, body: makeAdminBody } },
    async (req) => {
      if (req.params.userId === req.auth.userId) throw badRequest(ALREADY_ADMIN);
      const target = await memberUser(db, req.company, req.params.userId);
      await consumeCode(db, target.phone, 'newAdmin', req.body.verify_code);
      await transferAdmin(db, req.company, req.auth.userId, target.id);
      await app.messenger.toUsers([target.id], {
        category: JOIN_CATEGORY,
        content: '您已成为企业管理员',
        relatedId: req.company.id,
        templateKey: TemplateKey.ADMIN_TRANSFERRED,
      });
      return ok(null, '管理员已移交');
    },
  );
};

/** The platform's companies (企业管理), and a company's own record for its members or the platform. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
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
        ...(await applicationCounts(db, req.params.id)),
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
        schema: { params: idParams, response: { 200: noData } },
      },
      async (req) => {
        if (!(await findCompany(db, req.params.id))) throw notFound('企业不存在');
        const { name, memberIds } = await setCompanyStatus(db, req.params.id, status);
        await app.messenger.toUsers(memberIds, {
          category: JOIN_CATEGORY,
          content: `您所在的企业「${name}」已被平台${text}`,
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
