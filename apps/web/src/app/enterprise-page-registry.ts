import type { ComponentType } from 'react';

type PageLoader = () => Promise<ComponentType>;

/**
 * Enterprise static route name (enterprise-pages.ts `name`) → its page. A name not listed here
 * shows the placeholder with the page title; a new page is one line here.
 */
export const enterprisePageRegistry: Readonly<Record<string, PageLoader>> = {
  RecordApplication: () =>
    import('@/features/record-application/record-list-page').then((m) => m.RecordListPage),
  RecordApplicationAdd: () =>
    import('@/features/record-application/record-add-page').then((m) => m.RecordAddPage),
  RecordApplicationEdit: () =>
    import('@/features/record-application/record-edit-page').then((m) => m.RecordEditPage),
  RecordApplicationDetail: () =>
    import('@/features/record-application/record-detail-page').then((m) => m.RecordDetailPage),
  UserList: () => import('@/features/staff/user-list-page').then((m) => m.UserListPage),
  UserListAdd: () => import('@/features/staff/user-list-add-page').then((m) => m.UserListAddPage),
  UserApplication: () => import('@/features/staff/user-application-page').then((m) => m.UserApplicationPage),
  UpdatePhone: () => import('@/features/company-settings/update-phone-page').then((m) => m.UpdatePhonePage),
  EvaluationList: () =>
    import('@/features/level-evaluation/evaluation-list-page').then((m) => m.EvaluationListPage),
  EvaluationListAdd: () =>
    import('@/features/level-evaluation/evaluation-add-page').then((m) => m.EvaluationAddPage),
  EvaluationListEdit: () =>
    import('@/features/level-evaluation/evaluation-edit-page').then((m) => m.EvaluationEditPage),
  EvaluationListDetail: () =>
    import('@/features/level-evaluation/evaluation-detail-page').then((m) => m.EvaluationDetailPage),
  EvaluationApprove: () =>
    import('@/features/level-evaluation/evaluation-approve-page').then((m) => m.EvaluationApprovePage),
  EvaluationApproveDetail: () =>
    import('@/features/level-evaluation/evaluation-approve-detail-page').then(
      (m) => m.EvaluationApproveDetailPage,
    ),
  EvaluationApproveGrantCertificate: () =>
    import('@/features/certificate-grant/grant-add-page').then((m) => m.GrantAddPage),
  GrantCertificate: () => import('@/features/certificate-grant/grant-list-page').then((m) => m.GrantListPage),
  GrantCertificateAdd: () =>
    import('@/features/certificate-grant/grant-add-page').then((m) => m.GrantAddPage),
  GrantCertificateConfirmAdd: () =>
    import('@/features/certificate-grant/grant-confirm-page').then((m) => m.GrantConfirmPage),
  GrantCertificateDetailView: () =>
    import('@/features/certificate-grant/grant-detail-page').then((m) => m.GrantDetailPage),
  CustomCertificateList: () =>
    import('@/features/offline-certificate/offline-list-page').then((m) => m.OfflineListPage),
  OfflineCertificateAdd: () =>
    import('@/features/offline-certificate/offline-add-page').then((m) => m.OfflineAddPage),
  OfflineCertificateEdit: () =>
    import('@/features/offline-certificate/offline-edit-page').then((m) => m.OfflineEditPage),
  OfflineCertificateConfirmAdd: () =>
    import('@/features/offline-certificate/offline-confirm-page').then((m) => m.OfflineConfirmPage),
  OfflineCertificateDetail: () =>
    import('@/features/offline-certificate/offline-detail-page').then((m) => m.OfflineDetailPage),
  CertificateLibrary: () =>
    import('@/features/certificate-library/certificate-library-page').then((m) => m.CertificateLibraryPage),
  CertificateTemplate: () =>
    import('@/features/custom-certificates/certificate-template-page').then((m) => m.CertificateTemplatePage),
  ArchivesManagement: () => import('@/features/archives/archive-list-page').then((m) => m.ArchiveListPage),
  ArchivesManagementDetail: () =>
    import('@/features/archives/archive-detail-page').then((m) => m.ArchiveDetailPage),
};
