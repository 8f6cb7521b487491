import { ApiCode, type Envelope } from '@skill-cert/shared/envelope';

/** The success envelope every handler returns (spec §8). */
export const ok = <T>(data: T, message = '操作成功'): Envelope<T> => ({ code: ApiCode.OK, message, data });
