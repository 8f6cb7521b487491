import type { ComponentType } from 'react';

type PageLoader = () => Promise<ComponentType>;

/**
 * Enterprise static route name (enterprise-pages.ts `name`) → its page. A name not listed here
 * shows the placeholder with the page title; a new page is one line here.
 */
export const enterprisePageRegistry: Readonly<Record<string, PageLoader>> = {
  RecordApplication: () => import('@/features/records/record-list-page').then((m) => m.RecordListPage),
  RecordApplicationAdd: () => import('@/features/records/record-add-page').then((m) => m.RecordAddPage),
  RecordApplicationEdit: () => import('@/features/records/record-edit-page').then((m) => m.RecordEditPage),
  RecordApplicationDetail: () =>
    import('@/features/records/record-detail-page').then((m) => m.RecordDetailPage),
  UserList: () => import('@/features/companies/staff/user-list-page').then((m) => m.UserListPage),
  UserListAdd: () => import('@/features/companies/staff/user-list-add-page').then((m) => m.UserListAddPage),
  UserApplication: () =>
    import('@/features/companies/staff/user-application-page').then((m) => m.UserApplicationPage),
  UpdatePhone: () => import('@/features/companies/settings/update-phone-page').then((m) => m.UpdatePhonePage),
  EvaluationList: () =>
    import('@/features/level-evaluations/evaluation-list-page').then((m) => m.EvaluationListPage),
  EvaluationListAdd: () =>
    import('@/features/level-evaluations/evaluation-add-page').then((m) => m.EvaluationAddPage),
  EvaluationListEdit: () =>
    import('@/features/level-evaluations/evaluation-edit-page').then((m) => m.EvaluationEditPage),
  EvaluationListDetail: () =>
    import('@/features/level-evaluations/evaluation-detail-page').then((m) => m.EvaluationDetailPage),
  EvaluationApprove: () =>
    import('@/features/level-evaluations/evaluation-approve-page').then((m) => m.EvaluationApprovePage),
  EvaluationApproveDetail: () =>
    import('@/features/level-evaluations/evaluation-approve-detail-page').then(
      (m) => m.EvaluationApproveDetailPage,
    ),
  EvaluationApproveGrantCertificate: () =>
    import('@/features/certificate-grants/grant-add-page').then((m) => m.GrantAddPage),
  GrantCertificate: () =>
    import('@/features/certificate-grants/grant-list-page').then((m) => m.GrantListPage),
  GrantCertificateAdd: () =>
    import('@/features/certificate-grants/grant-add-page').then((m) => m.GrantAddPage),
  GrantCertificateConfirmAdd: () =>
    import('@/features/certificate-grants/grant-confirm-page').then((m) => m.GrantConfirmPage),
  GrantCertificateDetailView: () =>
    import('@/features/certificate-grants/grant-detail-page').then((m) => m.GrantDetailPage),
  CustomCertificateList: () =>
    import('@/features/offline-certificates/offline-list-page').then((m) => m.OfflineListPage),
  OfflineCertificateAdd: () =>
    import('@/features/offline-certificates/offline-add-page').then((m) => m.OfflineAddPage),
  OfflineCertificateEdit: () =>
    import('@/features/offline-certificates/offline-edit-page').then((m) => m.OfflineEditPage),
  OfflineCertificateConfirmAdd: () =>
    import('@/features/offline-certificates/offline-confirm-page').then((m) => m.OfflineConfirmPage),
  OfflineCertificateDetail: () =>
    import('@/features/offline-certificates/offline-detail-page').then((m) => m.OfflineDetailPage),
  CertificateLibrary: () =>
    import('@/features/certificates/certificate-library-page').then((m) => m.CertificateLibraryPage),
  CertificateTemplate: () =>
    import('@/features/custom-certificates/certificate-template-page').then((m) => m.CertificateTemplatePage),
  ArchivesManagement: () => import('@/features/archives/archive-list-page').then((m) => m.ArchiveListPage),
  ArchivesManagementDetail: () =>
    import('@/features/archives/archive-detail-page').then((m) => m.ArchiveDetailPage),
};
