import { z } from 'zod';

/** Params and the message category the companies routes share. */
export const idParams = z.object({ id: z.string().uuid('企业不存在') });
export const requestParams = z.object({ id: z.string().uuid('申请不存在') });
export const memberParams = z.object({ userId: z.string().uuid('成员不存在') });
export const invitationParams = z.object({ id: z.string().uuid('邀请不存在或已失效') });
export const JOIN_CATEGORY = '企业通知';
