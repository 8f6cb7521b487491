import { DownloadOutlined } from '@ant-design/icons';
import {
  type CertificateRow,
  CertificateSource,
  CertificateStatus,
  certificateSourceText,
  certificateStatusColor,
  certificateStatusText,
} from '@skill-cert/shared/certificates';
import { ALL_SKILL_LEVELS, skillLevelName } from '@skill-cert/shared/occupations';
import { App, Button, Empty, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { useIsCompanyAdmin } from '@/shared/session/session-store';
import {
  certificateFileUrl,
  exportUrl,
  type LibraryFilters,
  useCertificates,
  useFiledOccupations,
  useReissueCertificate,
  useRevokeCertificate,
} from './api/certificates';
import { CertificateDetailDialog } from './components/certificate-detail-dialog';
import { type ReasonAction, ReasonModal } from './components/reason-modal';

const options = (texts: Record<number, string>, keys: number[]) =>
  keys.map((value) => ({ value, label: texts[value] ?? String(value) }));
const statusOptions = options(certificateStatusText, [1, 2, 3]);
const sourceOptions = options(certificateSourceText, [1, 2, 3]);
const levelOptions = ALL_SKILL_LEVELS.map((l) => ({ label: skillLevelName(l), value: l }));

const REVOKE: ReasonAction = {
  verb: '撤销',
  consequence: '撤销后证书失效，公开查询将显示“已撤销”，证书编号不再使用。',
};
const REISSUE: ReasonAction = {
  verb: '换发',
  consequence: '换发将生成一张新编号的证书，原证书变为“已换发”。',
};
/** Reissuing a revoked certificate undoes the revocation: said before, and shown publicly after. */
const REISSUE_REVOKED: ReasonAction = {
  verb: '换发',
  consequence:
    '该证书已撤销，换发将撤回撤销：生成一张有效的新证书，原证书变为“已换发”；换发原因将公开显示在两张证书的查验页面。',
};

const initialFilters: LibraryFilters = {
  keyword: '',
  holder_name: '',
  id_number: '',
  certificate_no: '',
  occupation_code: null,
  level: null,
  status: null,
  source: null,
  issue_date_start: '',
  issue_date_end: '',
};

/** Who a dialog is about: the number when it has one, else the holder. */
const labelOf = (c: CertificateRow) => c.certificate_no ?? c.holder_name;

/**
 * 证书库: every issued certificate of the company (granted, generated offline, custom batches), searched and
 * paged; view one (status, why it was revoked, what replaced it, the PDF), download it, export the search as .xlsx;
 * an administrator revokes or reissues.
 */
export function CertificateLibraryPage() {
  const { message } = App.useApp();
  const paged = usePagedSearch<LibraryFilters>(initialFilters);
  const certificates = useCertificates(paged.query);
  const occupations = useFiledOccupations();
  const isAdmin = useIsCompanyAdmin();
  const [viewing, setViewing] = useState<string | null>(null);
  const revoke = useRevokeCertificate();
  const reissue = useReissueCertificate();
  const [revoking, setRevoking] = useState<CertificateRow | null>(null);
  const [reissuing, setReissuing] = useState<CertificateRow | null>(null);

  const columns: TableColumnsType<CertificateRow> = [
    {
      title: '证书编号',
      dataIndex: 'certificate_no',
      width: 190,
      render: (no: string | null) => no ?? <Typography.Text type="secondary">无编号</Typography.Text>,
    },
    { title: '姓名', dataIndex: 'holder_name', width: 72 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      // Under the status, whether the platform reported it to the national database (数据上报); none for a custom one.
      render: (_, c) => (
        <>
          <Tag color={certificateStatusColor[c.status]}>{c.status_text}</Tag>
          {c.report_state !== null && (
            <Typography.Text
              type={c.report_state === 1 ? 'secondary' : 'warning'}
              style={{ display: 'block', fontSize: 12, whiteSpace: 'nowrap' }}
            >
              {c.report_state_text}
            </Typography.Text>
          )}
        </>
      ),
    },
    { title: '证件号码', dataIndex: 'id_number', width: 164 },
    {
      // Occupation and level share a column, so that at 1366 px the whole row fits beside the fixed 操作 column.
      title: '职业（工种）· 等级',
      key: 'occupation',
      render: (_, c) =>
        [
          c.occupation_name ? `${c.occupation_name}${c.work_type ? `（${c.work_type}）` : ''}` : '-',
          c.level_name,
        ]
          .filter(Boolean)
          .join(' · '),
    },
    { title: '发证日期', dataIndex: 'issue_date', width: 100, render: (v: string | null) => v ?? '-' },
    { title: '来源', dataIndex: 'source_text', width: 110, render: (v: string) => <Tag>{v}</Tag> },
    {
      title: '操作',
      key: 'actions',
      width: 196,
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(c._id)}>
            查看
          </Button>
          <Button
            type="link"
            size="small"
            disabled={!c.has_file}
            href={c.has_file ? certificateFileUrl(c._id, true) : undefined}
            download
          >
            下载
          </Button>
          {isAdmin && c.status === CertificateStatus.VALID && (
            <Button type="link" size="small" danger onClick={() => setRevoking(c)}>
              撤销
            </Button>
          )}
          {isAdmin &&
            c.source !== CertificateSource.CUSTOM &&
            (c.status === CertificateStatus.VALID || c.status === CertificateStatus.REVOKED) && (
              <Button type="link" size="small" onClick={() => setReissuing(c)}>
                换发
              </Button>
            )}
        </Space>
      ),
    },
  ];

  return (
    <ListPageCard title="证书库">
      <PagedSearchTable<CertificateRow, LibraryFilters>
        searchLabel="证书搜索"
        paged={paged}
        result={certificates}
        columns={columns}
        locale={{
          emptyText: <Empty description="暂无证书：发证确认后或自定义证书生成后，证书将出现在这里" />,
        }}
        filters={[
          { name: 'holder_name', label: '姓名', placeholder: '请输入姓名', width: 140 },
          { name: 'id_number', label: '证件号码', placeholder: '完整证件号码', width: 190 },
          { name: 'certificate_no', label: '证书编号', placeholder: '完整证书编号', width: 210 },
          { name: 'occupation_code', label: '职业', options: occupations.data ?? [], width: 150 },
          { name: 'level', label: '等级', options: levelOptions, width: 140 },
          { name: 'issue_date_start', label: '发证日期', placeholder: '开始日期', date: true, width: 140 },
          { name: 'issue_date_end', label: '至', placeholder: '结束日期', date: true, width: 140 },
          { name: 'status', label: '状态', options: statusOptions, width: 110 },
          { name: 'source', label: '来源', options: sourceOptions, width: 140 },
        ]}
        toolbar={
          <Button icon={<DownloadOutlined />} href={exportUrl(paged.filters)} download>
            导出
          </Button>
        }
      />
      <CertificateDetailDialog id={viewing} onOpen={setViewing} onClose={() => setViewing(null)} />
      <ReasonModal
        action={REVOKE}
        target={revoking ? labelOf(revoking) : null}
        pending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onSubmit={(reason) =>
          revoke.mutateAsync({ id: revoking!._id, body: { reason } }).then(() => {
            message.success('证书已撤销');
            setRevoking(null);
          })
        }
      />
      <ReasonModal
        action={reissuing?.status === CertificateStatus.REVOKED ? REISSUE_REVOKED : REISSUE}
        target={reissuing ? labelOf(reissuing) : null}
        pending={reissue.isPending}
        onCancel={() => setReissuing(null)}
        onSubmit={(reason) =>
          reissue.mutateAsync({ id: reissuing!._id, body: { reason } }).then((fresh) => {
            message.success(`已换发，新证书编号：${fresh.certificate_no ?? ''}`);
            setReissuing(null);
          })
        }
      />
    </ListPageCard>
  );
}
