/*
 * A record application's status without zod: the 备案申请 list reads it on its first screen, which loads no zod;
 * `records.ts` re-exports it beside the schemas.
 */

/** 0 草稿 → 1 待审核 → 2 已通过 / 3 已驳回 (dictionary `record_status`). */
export const RecordStatus = { DRAFT: 0, PENDING: 1, APPROVED: 2, REJECTED: 3 } as const;
export type RecordStatusValue = (typeof RecordStatus)[keyof typeof RecordStatus];
export const recordStatusText: Record<number, string> = {
  0: '草稿',
  1: '待审核',
  2: '已通过',
  3: '已驳回',
};
/** A draft or a rejected application can be edited and (re)submitted. */
export const isRecordEditable = (status: number): boolean =>
  status === RecordStatus.DRAFT || status === RecordStatus.REJECTED;
