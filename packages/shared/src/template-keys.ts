/*
 * Message template keys without zod: the signed-in layout reads them on its first screen, which loads no zod;
 * `messages.ts` re-exports them beside the message schemas.
 */

/** Message template keys and what the web app does with them (spec §4). */
export const TemplateKey = {
  LEVEL_CERTIFICATE_DONE: 'create_level_evaluate_certificate_done',
  OFFLINE_CERTIFICATE_DONE: 'create_offline_level_evaluate_certificate_done',
  OFFLINE_CERTIFICATE_PUBLISHED: 'publish_offline_level_evaluate_certificate_done',
  CUSTOM_CERTIFICATE_DONE: 'create_custom_certificate_done',
  EXAMINEE_IMPORT_RESULT: 'examinee_import_result_notice',
  PAPER_CERTIFICATE_PARSED: 'paper_certificate_parse_done',
  DELETE_ROLE: 'delete_role_notice',
  PERMISSION_UPDATE: 'permission_update_notice',
  SYSTEM_NOTICE: 'system_notice',
  // Ours (the spec shows only the keys above): a message about a record names it (data._id) and opens it.
  /** A filing approved or rejected by the platform; data._id: the record application. */
  RECORD_DECIDED: 'record_application_decided',
  /** A join request approved; data._id: the company. */
  JOIN_APPROVED: 'join_request_approved',
  /** A join request rejected; data._id: the company. */
  JOIN_REJECTED: 'join_request_rejected',
  /** Added to a company by its administrator; data._id: the company. */
  MEMBER_ADDED: 'company_member_added',
  /** Invited to a company by its administrator (accept or decline on /join); data._id: the company. */
  COMPANY_INVITATION: 'company_invitation',
  /** Made the company's administrator; data._id: the company. */
  ADMIN_TRANSFERRED: 'company_admin_transferred',
  /** The company frozen or unfrozen by the platform; data._id: the company. */
  COMPANY_STATUS_CHANGED: 'company_status_changed',
  /** An evaluation plan or its results wait for an administrator's approval; data._id: the plan. */
  EVALUATION_WAITING: 'level_evaluation_waiting',
  /** An evaluation plan or its results approved, rejected or returned; data._id: the plan. */
  EVALUATION_DECIDED: 'level_evaluation_decided',
  /** A test plan's admission tickets rendered (or failed); data._id: the plan, opens /test-plan/edit/{id}?type=4. */
  ADMISSION_TICKETS_DONE: 'admission_tickets_done',
  /** An examiner's task (or some of its examinees) returned by the plan's owner; data._id: the task, opens it. */
  EXAM_TASK_RETURNED: 'exam_task_returned',
  /** A news article published for the reader's portals (when it asked to tell them); data._id: the article. */
  NEWS_PUBLISHED: 'news_published',
} as const;
export type TemplateKeyValue = (typeof TemplateKey)[keyof typeof TemplateKey];
