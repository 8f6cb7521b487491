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
  CertificateTemplate: () =>
    import('@/features/custom-certificates/certificate-template-page').then((m) => m.CertificateTemplatePage),
};
