/**
 * What other modules may call of the records module (filings, 备案): whether and what a company filed and got
 * approved, a filing's counts for the platform, and what the evaluation demo needs. The module's routes use its files
 * directly: the enterprise's filing (filing.ts), the lists and details both audiences read (applications.ts), the
 * platform's review (review.ts).
 */

export { siteCodeOf } from './codes.ts';
export { type FilingStateCounts, filingStateCounts } from './counts.ts';
export {
  type ApprovedFiling,
  approvedFilings,
  createApplication,
  filingFilesLink,
  hasApprovedRecord,
} from './filing.ts';
export {
  applicationCounts,
  decideApplication,
  type FilingDecision,
  firstApproveApplication,
  pendingSubmittedAt,
  platformFilingOfKind,
  reviewApplication,
  waitingFilingsSql,
} from './review.ts';
