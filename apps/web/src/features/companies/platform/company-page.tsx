import { PlusOutlined } from '@ant-design/icons';
import { type CompanyInfo, CompanyType, companyTypeText } from '@skill-cert/shared/companies';
import {
  type RecordApplicationRow,
  RecordKind,
  RecordStatus,
  recordKindText,
  recordStatusText,
} from '@skill-cert/shared/records';
import { App, Button, Space, type TableColumnsType, Tabs } from 'antd';
import { useState } from 'react';
import { CutText } from '@/shared/components/list-table/cut-text';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { RecordStatusTag } from '@/shared/components/records/record-status-tag';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { useLinkedPagedSearch, usePagedSearch } from '@/shared/hooks/use-paged-search';
import { Permission } from '@/shared/permissions/permission';
import { type CompanyQuery, useCompanies } from './api/get-companies';
import { type PlatformRecordQuery, usePlatformRecords } from './api/get-platform-records';
import { useSetCompanyStatus } from './api/set-company-status';
import { CompanyDrawer } from './components/company-drawer';
import { CreateInstitutionModal } from './components/create-institution-modal';
import { RecordReviewDrawer } from './components/record-review-drawer';
import { CompanyStatusTag } from './components/status-tags';

type CompanyFilters = Omit<CompanyQuery, 'page' | 'per_page'>;
type RecordFilters = Omit<PlatformRecordQuery, 'page' | 'per_page' | 'company_id'>;

const companyTypeOptions = [CompanyType.ENTERPRISE, CompanyType.INSTITUTION].map((value) => ({
  label: companyTypeText[value],
  value,
}));
const companyStatusOptions = [
  { label: '正常', value: 1 },
  { label: '已冻结', value: 0 },
];
const recordKindOptions = [RecordKind.EMPLOYER, RecordKind.INSTITUTION].map((value) => ({
  label: recordKindText[value],
  value,
}));
// The platform never sees drafts.
const recordStatusOptions = [RecordStatus.PENDING, RecordStatus.APPROVED, RecordStatus.REJECTED].map(
  (value) => ({
    label: recordStatusText[value],
    value,
  }),
);

/** `/company?type=2&status=0` (数据看板's figures): type and status from the address. */
export function companyLink(params: URLSearchParams): Partial<CompanyFilters> | null {
  const number = (name: string, allowed: number[]) => {
    const v = Number(params.get(name));
    return params.has(name) && allowed.includes(v) ? v : null;
  };
  const type = number('type', [CompanyType.ENTERPRISE, CompanyType.INSTITUTION]) as CompanyFilters['type'];
  const status = number('status', [0, 1]) as CompanyFilters['status'];
  return type === null && status === null ? null : { type, status };
}

function CompanyList({ onOpen }: { onOpen: (id: string) => void }) {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const paged = useLinkedPagedSearch<CompanyFilters>({ keyword: '', type: null, status: null }, companyLink);
  const companies = useCompanies(paged.query);
  const setStatus = useSetCompanyStatus();
  const [adding, setAdding] = useState(false);

  const confirmStatus = (company: CompanyInfo) => {
    const freeze = company.status === 1;
    confirmOnce({
      title: '提示',
      content: freeze
        ? `确定冻结「${company.name}」吗？冻结后该企业的用户可以登录，但不能使用业务功能。`
        : `确定解冻「${company.name}」吗？`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: freeze },
      onOk: () =>
        setStatus.mutateAsync({ id: company._id, freeze }).then(
          () => message.success(freeze ? '已冻结' : '已解冻'),
          () => undefined,
        ),
    });
  };

  const columns: TableColumnsType<CompanyInfo> = [
    { title: '企业名称', dataIndex: 'name' },
    { title: '类型', dataIndex: 'type_text', width: 120 },
    {
      title: '统一社会信用代码',
      dataIndex: 'credit_code',
      width: 190,
      render: (c: string | null) => c ?? '--',
    },
    {
      title: '所在地区',
      dataIndex: 'region_names',
      width: 200,
      render: (names: string[]) => names.join(' / ') || '--',
    },
    {
      title: '联系人',
      key: 'contact',
      width: 170,
      render: (_, c) => (c.contact_name ? `${c.contact_name} ${c.contact_phone ?? ''}` : '--'),
    },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <CompanyStatusTag status={s} /> },
    { title: '注册时间', dataIndex: 'create_time_str', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onOpen(c._id)}>
            详情
          </Button>
          <Permission keys="platform:company:freeze">
            <Button type="link" size="small" danger={c.status === 1} onClick={() => confirmStatus(c)}>
              {c.status === 1 ? '冻结' : '解冻'}
            </Button>
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedSearchTable<CompanyInfo, CompanyFilters>
        searchLabel="企业搜索"
        paged={paged}
        result={companies}
        columns={columns}
        filters={[
          { name: 'keyword', label: '关键词', placeholder: '请输入企业名称或统一社会信用代码', width: 260 },
          { name: 'type', label: '类型', options: companyTypeOptions, width: 140 },
          { name: 'status', label: '状态', options: companyStatusOptions, width: 120 },
        ]}
        toolbar={
          <Permission keys="platform:institution:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              新增机构
            </Button>
          </Permission>
        }
      />
      <CreateInstitutionModal open={adding} onClose={() => setAdding(false)} />
    </>
  );
}

function ReviewQueue({ onOpen }: { onOpen: (id: string) => void }) {
  const paged = usePagedSearch<RecordFilters>({ keyword: '', kind: null, status: RecordStatus.PENDING });
  const records = usePlatformRecords(paged.query);

  const columns: TableColumnsType<RecordApplicationRow> = [
    { title: '备案编号', dataIndex: 'record_no', width: 180 },
    { title: '企业/机构名称', dataIndex: 'company_name', width: 220 },
    { title: '备案类型', dataIndex: 'kind_text', width: 140 },
    {
      title: '评价范围',
      dataIndex: 'scope_summary',
      ellipsis: false,
      render: (text: string) => (text ? <CutText text={text} /> : '--'),
    },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <RecordStatusTag status={s} /> },
    { title: '提交时间', dataIndex: 'submit_time_str', width: 170, render: (t: string | null) => t ?? '--' },
    { title: '审核时间', dataIndex: 'decide_time_str', width: 170, render: (t: string | null) => t ?? '--' },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => onOpen(r._id)}>
          {r.status === RecordStatus.PENDING ? '审核' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <PagedSearchTable<RecordApplicationRow, RecordFilters>
      searchLabel="备案审核搜索"
      paged={paged}
      result={records}
      columns={columns}
      filters={[
        { name: 'keyword', label: '关键词', placeholder: '请输入备案编号、企业名称或职业', width: 260 },
        { name: 'kind', label: '备案类型', options: recordKindOptions, width: 160 },
        { name: 'status', label: '状态', options: recordStatusOptions, width: 120 },
      ]}
    />
  );
}

/**
 * 企业管理 (platform /company): companies (enterprises and institutions) with search, status, detail and
 * freeze / unfreeze, 新增机构 (`platform:institution:add`); the review queue of record applications of both kinds
 * (用人单位, 社会培训评价组织) with 通过 / 驳回.
 */
export function CompanyPage() {
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [recordId, setRecordId] = useState<string | null>(null);
  return (
    <ListPageCard title="企业管理">
      <Tabs
        items={[
          { key: 'companies', label: '企业列表', children: <CompanyList onOpen={setCompanyId} /> },
          { key: 'records', label: '备案审核', children: <ReviewQueue onOpen={setRecordId} /> },
        ]}
      />
      <CompanyDrawer id={companyId} onClose={() => setCompanyId(null)} onOpenRecord={setRecordId} />
      <RecordReviewDrawer id={recordId} onClose={() => setRecordId(null)} />
    </ListPageCard>
  );
}
