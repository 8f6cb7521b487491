import {
  type AddMemberResult,
  addMemberBody,
  companyInfo,
  contactInfoBody,
  enNameBody,
  inviteCodeInfo,
  joinRequestRow,
  logoBody,
  makeAdminBody,
  memberAdded,
  memberRow,
  newAdminSmsBody,
  rejectBody,
  subNameBody,
  uploadPermission,
} from '@skill-cert/shared/companies';
import { envelope, noData } from '@skill-cert/shared/envelope';
import { TemplateKey } from '@skill-cert/shared/messages';
import { paged, pageMeta, pageQuery } from '@skill-cert/shared/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { assignToCompany, issueUploadToken } from '../files/service.ts';
import { consumeCode, sendCode } from '../verification/service.ts';
import { findCompany, inviteCode, switchInitiateStatus, toCompanyInfo, updateCompany } from './companies.ts';
import { companyAdminOnly } from './door.ts';
import { decideJoinRequest, listJoinRequests } from './join-requests.ts';
import {
  ALREADY_ADMIN,
  addMemberByPhone,
  listMembers,
  memberUser,
  removeMember,
  transferAdmin,
} from './members.ts';
import { JOIN_CATEGORY, memberParams, requestParams } from './route-params.ts';

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
  // single-use upload URL on this server (POST /api/files/upload/signed/{token}); with object storage, the bucket's
  // presigned POST for one object, registered after (POST /api/files/upload/direct/{token}).
  app.get(
    '/api/companies/stsToken',
    { schema: { response: { 200: envelope(uploadPermission) } } },
    async (req) => ok(await issueUploadToken(db, req.auth.userId, req.company.id, new Date(), app.storage)),
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
      await sendCode(db, app, target.phone, 'newAdmin');
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
