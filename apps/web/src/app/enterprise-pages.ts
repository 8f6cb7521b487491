import type { NavItem } from './menu-routes';

/** The enterprise's static pages (spec §2 "Enterprise routes"), in sidebar order. */
export interface StaticPage {
  /** Absolute for a menu page, relative to it for a sub-page. */
  path: string;
  title: string;
  /** Route name for the page cache. */
  name: string;
  icon?: string;
  affix?: boolean;
  children?: StaticPage[];
}

export const enterprisePages: StaticPage[] = [
  {
    path: '/record-application',
    title: '备案申请',
    name: 'RecordApplication',
    icon: 'FileProtectOutlined',
    affix: true,
    children: [
      { path: 'add', title: '新增备案', name: 'RecordApplicationAdd' },
      { path: 'edit/:id', title: '编辑备案', name: 'RecordApplicationEdit' },
      { path: 'detail/:id', title: '备案详情', name: 'RecordApplicationDetail' },
    ],
  },
  {
    path: '/user-list',
    title: '员工管理',
    name: 'UserList',
    icon: 'TeamOutlined',
    children: [{ path: 'add', title: '新增员工', name: 'UserListAdd' }],
  },
  { path: '/user-application', title: '加入申请', name: 'UserApplication', icon: 'UserAddOutlined' },
  {
    path: '/evaluation-list',
    title: '等级评价',
    name: 'EvaluationList',
    icon: 'SolutionOutlined',
    children: [
      { path: 'add', title: '新增评价', name: 'EvaluationListAdd' },
      { path: 'edit/:id', title: '编辑评价', name: 'EvaluationListEdit' },
      { path: 'detail/:id', title: '评价详情', name: 'EvaluationListDetail' },
    ],
  },
  {
    path: '/evaluation-approve',
    title: '评价审批',
    name: 'EvaluationApprove',
    icon: 'AuditOutlined',
    children: [
      { path: 'grant-certificate/:id', title: '发放证书', name: 'EvaluationApproveGrantCertificate' },
      { path: 'detail/:id', title: '审批详情', name: 'EvaluationApproveDetail' },
    ],
  },
  { path: '/certificate-template', title: '证书模板', name: 'CertificateTemplate', icon: 'LayoutOutlined' },
  {
    path: '/grant-certificate',
    title: '证书发放',
    name: 'GrantCertificate',
    icon: 'SafetyCertificateOutlined',
    children: [
      { path: 'add/:id/:type?', title: '新增发证', name: 'GrantCertificateAdd' },
      { path: 'confirm-add/:id', title: '确认发证', name: 'GrantCertificateConfirmAdd' },
      { path: 'detail/:id', title: '发证详情', name: 'GrantCertificateDetailView' },
    ],
  },
  {
    path: '/offline-certificate',
    title: '证书生成',
    name: 'CustomCertificateList',
    icon: 'FileAddOutlined',
    children: [
      { path: 'add', title: '新增证书', name: 'OfflineCertificateAdd' },
      { path: 'edit/:id', title: '编辑证书', name: 'OfflineCertificateEdit' },
      { path: 'confirm-add/:id', title: '确认发证', name: 'OfflineCertificateConfirmAdd' },
      { path: 'detail/:id', title: '证书详情', name: 'OfflineCertificateDetail' },
    ],
  },
  { path: '/certificate-library', title: '证书库', name: 'CertificateLibrary', icon: 'BookOutlined' },
  {
    path: '/archives-management',
    title: '档案管理',
    name: 'ArchivesManagement',
    icon: 'FolderOpenOutlined',
    children: [{ path: 'detail/:id', title: '档案详情', name: 'ArchivesManagementDetail' }],
  },
];

/** The enterprise sidebar: its pages, then 企业信息 (the shared /profile route). */
export const enterpriseNav: NavItem[] = [
  ...enterprisePages.map((p) => ({ key: p.path, title: p.title, icon: p.icon ?? null, path: p.path })),
  { key: '/profile', title: '企业信息', icon: 'IdcardOutlined', path: '/profile' },
];
