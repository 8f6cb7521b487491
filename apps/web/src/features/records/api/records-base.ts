/**
 * Where a filing lives: the enterprise's 备案申请 or the institution's 备案中心. Both take the same body, pass through
 * the same states and answer the same shapes (docs/api.md "备案中心"); only the path differs.
 */
export const ENTERPRISE_RECORDS = '/api/recordApplications';
export const INSTITUTION_RECORDS = '/api/institution/recordApplications';
export type RecordsBase = typeof ENTERPRISE_RECORDS | typeof INSTITUTION_RECORDS;
