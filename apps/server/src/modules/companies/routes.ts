import {
  addMemberBody,
  contactInfoBody,
  createCompanyBody,
  enNameBody,
  joinCompanyBody,
  logoBody,
  makeAdminBody,
  newAdminSmsBody,
  rejectBody,
  subNameBody,
} from '@skill-cert/shared/company';
import { TemplateKey } from '@skill-cert/shared/messages';
import { pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import { RoleType } from '@skill-cert/shared/roles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { assignToCompany } from '../files/service.ts';
import { issueUploadToken } from '../files/uploadTokens.ts';
import { consumeCode, sendCode } from '../verification/service.ts';
import {
  ALREADY_ADMIN,
  ALREADY_IN_COMPANY,
  addMemberByPhone,
  assertCompanyActive,
  assertCompanyAdmin,
  createCompany,
  decideJoinRequest,
  findCompany,
  inviteCode,
  listCompanies,
  listJoinRequests,
  listMembers,
  membershipOf,
  memberUser,
  myLatestJoinRequest,
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
const JOIN_CATEGORY = '企业通知';

/**
 * Companies (spec §7): create or join, settings by the administrator, join requests. The company is always
 * the caller's own, taken from the session, never from the request.
 */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const enterpriseRole = app.requireRoleType(RoleType.ENTERPRISE);
  // Enterprise routes also refuse, with an acknowledge notice, while the caller's company is frozen.
  const enterprise = async (req: FastifyRequest, reply: FastifyReply) => {
    await enterpriseRole.call(app, req, reply);
    await assertCompanyActive(db, req.auth.user.companyId);
  };
  const platform = (key: string) => app.requirePermission(RoleType.PLATFORM, key);

  app.post('/api/companies', { preHandler: enterprise, schema: { body: createCompanyBody } }, async (req) => {
    if (req.auth.user.companyId) throw forbidden(ALREADY_IN_COMPANY);
    const company = await createCompany(db, req.auth.userId, req.body);
    return ok(toCompanyInfo(company), '企业创建成功');
  });

  app.get('/api/companies/getInitiateCode', { preHandler: enterprise }, async (req) => {
    const companyId = await assertCompanyAdmin(db, req.auth.userId, req.auth.user.companyId);
    return ok(await inviteCode(db, companyId));
  });

  // Spec §7: short-lived upload permission for the company's files; with local storage, a signed,
  // single-use upload URL on this server (POST /api/files/upload/signed/{token}).
  app.get('/api/companies/stsToken', { preHandler: enterprise }, async (req) => {
    const { companyId } = req.auth.user;
    if (!companyId) throw forbidden('请先加入或创建企业');
    return ok(await issueUploadToken(db, req.auth.userId, companyId));
  });

  app.get('/api/companies/switchInitiateStatus', { preHandler: enterprise }, async (req) => {
    const companyId = await assertCompanyAdmin(db, req.auth.userId, req.auth.user.companyId);
    const result = await switchInitiateStatus(db, companyId);
    return ok(result, result.initiate_status ? '已开启加入申请' : '已关闭加入申请');
  });

  const settings = <T extends z.ZodType>(
    path: string,
    body: T,
    values: (b: z.infer<T>) => Record<string, unknown>,
  ) =>
    app.patch(path, { preHandler: enterprise, schema: { body } }, async (req) => {
      const companyId = await assertCompanyAdmin(db, req.auth.userId, req.auth.user.companyId);
      return ok(
        toCompanyInfo(await updateCompany(db, companyId, values(req.body as z.infer<T>))),
        '保存成功',
      );
    });
  settings('/api/companies/updateContactInfo', contactInfoBody, (b) => ({
    contactName: b.contact_name,
    contactPhone: b.contact_phone,
    contactEmail: b.contact_email,
  }));
  settings('/api/companies/updateSubName', subNameBody, (b) => ({ subName: b.sub_name }));
  settings('/api/companies/updateEnName', enNameBody, (b) => ({ enName: b.en_name }));
  app.patch(
    '/api/companies/updateLogo',
    { preHandler: enterprise, schema: { body: logoBody } },
    async (req) => {
      const companyId = await assertCompanyAdmin(db, req.auth.userId, req.auth.user.companyId);
      // The logo becomes the company's file, so every member sees it.
      const company = await db.transaction(async (tx) => {
        await assignToCompany(tx, req.body.logo_file_id, req.auth.userId, companyId, '请重新上传企业标志');
        return updateCompany(tx, companyId, { logoFileId: req.body.logo_file_id });
      });
      return ok(toCompanyInfo(company), '保存成功');
    },
  );

  app.post(
    '/api/companies/join',
    { preHandler: enterprise, schema: { body: joinCompanyBody } },
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

  app.get('/api/companies/myJoinRequest', { preHandler: enterprise }, async (req) =>
    ok(await myLatestJoinRequest(db, req.auth.userId)),
  );

  app.delete('/api/companies/myJoinRequest', { preHandler: enterprise }, async (req) => {
    await withdrawMyRequest(db, req.auth.userId);
    return ok(null, '已撤回加入申请');
  });

  app.get(
    '/api/companies/joinRequests',
    {
      preHandler: enterprise,
      schema: {
        querystring: pageQuery.extend({
          status: z.coerce.number().int().min(0).max(3).optional(),
          keyword: z.string().trim().optional(),
        }),
      },
    },
    async (req) => {
      const companyId = await assertCompanyAdmin(db, req.auth.userId, req.auth.user.companyId);
      const { rows, total } = await listJoinRequests(db, companyId, req.query);
      return ok({ list: rows, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/companies/joinRequests/:id/approve',
    { preHandler: enterprise, schema: { params: requestParams } },
    async (req) => {
      const companyId = await assertCompanyAdmin(db, req.auth.userId, req.auth.user.companyId);
      const { userId, companyName } = await decideJoinRequest(db, companyId, req.params.id, req.auth.userId, {
        approve: true,
      });
      await app.messenger.toUsers([userId], {
        category: JOIN_CATEGORY,
        content: `您加入「${companyName}」的申请已通过`,
        relatedId: companyId,
        templateKey: TemplateKey.JOIN_APPROVED,
      });
      return ok(null, '已通过');
    },
  );

  app.post(
    '/api/companies/joinRequests/:id/reject',
    { preHandler: enterprise, schema: { params: requestParams, body: rejectBody } },
    async (req) => {
      const companyId = await assertCompanyAdmin(db, req.auth.userId, req.auth.user.companyId);
      const { userId, companyName } = await decideJoinRequest(db, companyId, req.params.id, req.auth.userId, {
        approve: false,
        reason: req.body.reason,
      });
      await app.messenger.toUsers([userId], {
        category: JOIN_CATEGORY,
        content: `您加入「${companyName}」的申请被驳回：${req.body.reason}`,
        relatedId: companyId,
        templateKey: TemplateKey.JOIN_REJECTED,
      });
      return ok(null, '已驳回');
    },
  );

  app.get(
    '/api/companies/members',
    {
      preHandler: enterprise,
      schema: { querystring: pageQuery.extend({ keyword: z.string().trim().optional() }) },
    },
    async (req) => {
      const m = await membershipOf(db, req.auth.userId, req.auth.user.companyId);
      const { list, total } = await listMembers(db, m.companyId, req.query);
      return ok({ list, meta: pageMeta(total, req.query) });
    },
  );

  app.post(
    '/api/companies/members',
    { preHandler: enterprise, schema: { body: addMemberBody } },
    async (req) => {
      const companyId = await assertCompanyAdmin(db, req.auth.userId, req.auth.user.companyId);
      const user = await addMemberByPhone(db, companyId, req.body);
      const company = await findCompany(db, companyId);
      await app.messenger.toUsers([user.id], {
        category: JOIN_CATEGORY,
        content: `您已被添加为「${company?.name}」的成员`,
        relatedId: companyId,
        templateKey: TemplateKey.MEMBER_ADDED,
      });
      return ok({ user_id: user.id }, '添加成功');
    },
  );

  app.delete(
    '/api/companies/members/:userId',
    { preHandler: enterprise, schema: { params: z.object({ userId: z.string().uuid('成员不存在') }) } },
    async (req) => {
      const companyId = await assertCompanyAdmin(db, req.auth.userId, req.auth.user.companyId);
      await removeMember(db, companyId, req.params.userId);
      return ok(null, '已移除');
    },
  );

  // Handing over the administrator role: a code goes to the new administrator's phone (spec §7 newAdmin/sms).
  app.post(
    '/api/newAdmin/sms',
    { preHandler: enterprise, schema: { body: newAdminSmsBody } },
    async (req) => {
      const companyId = await assertCompanyAdmin(db, req.auth.userId, req.auth.user.companyId);
      if (req.body.user_id === req.auth.userId) throw badRequest(ALREADY_ADMIN);
      const target = await memberUser(db, companyId, req.body.user_id);
      await sendCode(db, app.sms, target.phone, 'newAdmin');
      return ok(null, `验证码已发送至 ${target.phone.slice(0, 3)}****${target.phone.slice(-4)}`);
    },
  );

  app.post(
    '/api/companies/members/:userId/makeAdmin',
    {
      preHandler: enterprise,
      schema: { params: z.object({ userId: z.string().uuid('成员不存在') }), body: makeAdminBody },
    },
    async (req) => {
      const companyId = await assertCompanyAdmin(db, req.auth.userId, req.auth.user.companyId);
      if (req.params.userId === req.auth.userId) throw badRequest(ALREADY_ADMIN);
      const target = await memberUser(db, companyId, req.params.userId);
      await consumeCode(db, target.phone, 'newAdmin', req.body.verify_code);
      await transferAdmin(db, companyId, req.auth.userId, target.id);
      await app.messenger.toUsers([target.id], {
        category: JOIN_CATEGORY,
        content: '您已成为企业管理员',
        relatedId: companyId,
        templateKey: TemplateKey.ADMIN_TRANSFERRED,
      });
      return ok(null, '管理员已移交');
    },
  );

  app.get(
    '/api/platform/companies',
    {
      preHandler: platform('platform:company:list'),
      schema: {
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

  for (const [action, status, text] of [
    ['freeze', 0, '冻结'],
    ['unfreeze', 1, '解冻'],
  ] as const) {
    app.post(
      `/api/platform/companies/:id/${action}`,
      { preHandler: platform('platform:company:freeze'), schema: { params: idParams } },
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
  app.get('/api/companies/:id', { schema: { params: idParams } }, async (req, reply) => {
    if (req.auth.user.activeRoleTypeId === RoleType.PLATFORM)
      await platformCompanyReader.call(app, req, reply);
    else if (req.auth.user.companyId !== req.params.id) throw notFound('企业不存在');
    const company = await findCompany(db, req.params.id);
    if (!company) throw notFound('企业不存在');
    return ok(toCompanyInfo(company));
  });
};
