/** What other modules may call of the certificates module. */
export { CERTIFICATE_COLUMNS, certificateCells } from './export.ts';
export {
  certificateLabels,
  countGrantCertificates,
  grantCertificatesAmong,
  grantCertificatesPage,
} from './grant-certificates.ts';
export { revokeCertificate } from './library.ts';
export { type CertificateMonthCounts, certificateMonthCounts } from './monthly-counts.ts';
export { BATCH_FIXED_BLANKS, NATIONAL_TEMPLATE, ownBlanksOf } from './national-template.ts';
export { type NumberPrefix, numberPrefixOf } from './numbers.ts';
export { printedFields } from './printed-fields.ts';
export { CERTIFICATE_NOT_FOUND } from './reissue.ts';
export {
  CUSTOM_RENDER_QUEUE,
  LIBRARY_RENDER_QUEUE,
  type LibrarySource,
  queueRendering,
  renderAgain,
  rowCounters,
  sourceZip,
  verifyPath,
  wakeRendering,
} from './rendering.ts';
export {
  type CertificateRow,
  certificateIdAt,
  certificateInsertRows,
  certificateOfCompany,
  confirmCertificates,
  deleteSourceDrafts,
  insertCertificates,
  insertNumberedDrafts,
  type NewCertificate,
  noneWaiting,
  notGenerated,
  numberRange,
  sourceCertificate,
  sourceCertificates,
  sourceCertificatesAfter,
  sourceValuesNamed,
  toSourceCertificateRow,
  validHoldersAmong,
} from './source-rows.ts';
