// Every table of every module, for drizzle-kit and the typed client. Modules own their tables.ts.
export * from '../modules/access/tables.ts';
export * from '../modules/archives/tables.ts';
export * from '../modules/audit/tables.ts';
export * from '../modules/auth/tables.ts';
export * from '../modules/banners/tables.ts';
export * from '../modules/certificate-grants/tables.ts';
export * from '../modules/certificates/tables.ts';
export * from '../modules/companies/tables.ts';
export * from '../modules/custom-certificates/tables.ts';
export * from '../modules/dict/tables.ts';
export * from '../modules/files/tables.ts';
export * from '../modules/level-evaluations/tables.ts';
export * from '../modules/messages/tables.ts';
export * from '../modules/news/tables.ts';
export * from '../modules/occupations/tables.ts';
export * from '../modules/offline-certificates/tables.ts';
export * from '../modules/records/tables.ts';
export * from '../modules/reviews/tables.ts';
export * from '../modules/users/tables.ts';
export * from '../modules/verification/tables.ts';
// Infrastructure's own tables (plugins, no domain).
export * from '../plugins/idempotency-table.ts';
