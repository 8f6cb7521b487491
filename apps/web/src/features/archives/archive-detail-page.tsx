import { DownloadOutlined, LockOutlined } from '@ant-design/icons';
import {
  ArchiveAction,
  type ArchiveDetail,
  type ArchiveDocument,
  ArchiveStatus,
  type ArchiveVolumeValue,
} from '@skill-cert/shared/archives';
import { EvaluationAction } from '@skill-cert/shared/level-evaluations';
import { Alert, App, Button, Card, Descriptions, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageCard } from '@/shared/components/page-card';
import { PageLoading } from '@/shared/components/page-loading';
import { PlanNo } from '@/shared/components/plan-no';
import { usePreviewDialog } from '@/shared/components/preview-dialog/preview-dialog';
import { QueryError } from '@/shared/components/query-error/query-error';
import { StepTimeline } from '@/shared/components/step-timeline/step-timeline';
import { downloadFile } from '@/shared/files';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { errorMessage } from '@/shared/http';
import {
  archiveZipUrl,
  documentUrl,
  useAddArchiveItem,
  useArchive,
  useDeleteArchiveItem,
  useSealArchive,
  useUpdateRetention,
} from './api/archives';
import { ArchiveStatusTag, EXPIRING_TEXT, scopeText } from './components/archive-status';
import { RetentionDialog } from './components/retention-dialog';
import { UploadItemDialog } from './components/upload-item-dialog';
import { VolumeTree } from './components/volume-tree';

/** Why 封存归档 is off: the server's reason (the plan is not ready), or the caller is a member. */
const sealBlocker = (a: ArchiveDetail): string | null =>
  a.abilities.can_seal ? null : (a.seal_blocked_reason ?? '仅企业管理员可以封存归档');

const TIMELINE_COLORS: Record<string, string> = {
  open: 'blue',
  upload: 'blue',
  remove: 'red',
  retention: 'orange',
  seal: 'purple',
  archive: 'purple',
};

/**
 * The archive's steps: the plan's own and the archive's. The seal is on both timelines (the plan's 归档 and the
 * archive's, which carries the retention dates); shown once, the archive's.
 */
const archiveSteps = (a: Pick<ArchiveDetail, 'timeline'>): ArchiveDetail['timeline'] => {
  const sealed = a.timeline.some((t) => t.source === 'archive' && t.action === ArchiveAction.SEAL);
  return sealed
    ? a.timeline.filter((t) => !(t.source === 'plan' && t.action === EvaluationAction.ARCHIVE))
    : a.timeline;
};

const retentionText = (years: number, until: string | null) =>
  until ? `${years} 年（至 ${until}）` : `${years} 年（自归档起算）`;

/**
 * 档案详情 (`/archives-management/detail/:id`): the archive's plan, state and retention (an administrator edits it
 * while open), the five volumes as a tree of documents (preview, download; upload to 3 and 4, delete an upload),
 * 下载档案 (the streamed zip), 封存归档, and the timeline. Once sealed nothing that changes is offered.
 */
export function ArchiveDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const archive = useArchive(id);
  const { openPreview, previewDialog } = usePreviewDialog();
  const addItem = useAddArchiveItem(id);
  const deleteItem = useDeleteArchiveItem(id);
  const seal = useSealArchive(id);
  const updateRetention = useUpdateRetention(id);
  const [uploadVolume, setUploadVolume] = useState<ArchiveVolumeValue | null>(null);
  const [editingRetention, setEditingRetention] = useState(false);

  if (archive.isError) return <QueryError error={archive.error} onRetry={() => void archive.refetch()} />;
  if (!archive.data) return <PageLoading />;
  const a = archive.data;
  const sealed = a.status === ArchiveStatus.SEALED;
  const blocker = sealBlocker(a);

  const askSeal = () =>
    confirmOnce({
      title: '封存归档',
      content: `归档后档案“${a.name}”将被封存：不能再上传或删除任何材料，也不能修改保管期限。纸质档案保管 ${a.paper_retention_years} 年、电子档案保管 ${a.electronic_retention_years} 年，自归档之日起算。确定归档吗？`,
      okText: '确认归档',
      cancelText: '取消',
      onOk: () =>
        seal
          .mutateAsync(undefined)
          .then(() => message.success('档案已归档'))
          // The client showed the refusal; the dialog closes.
          .catch(() => undefined),
    });

  const askDelete = (d: ArchiveDocument) =>
    confirmOnce({
      title: '删除材料',
      content: `确定删除材料“${d.name}”吗？删除后不可恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        deleteItem
          .mutateAsync(d.item_id!)
          .then(() => message.success('材料已删除'))
          .catch(() => undefined),
    });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageCard
        title={
          <>
            {`档案详情：${a.name}`}
            <ArchiveStatusTag status={a.status} />
          </>
        }
        actions={
          <>
            <Button icon={<DownloadOutlined />} href={archiveZipUrl(a._id)} download>
              下载档案
            </Button>
            {!sealed && (
              <Tooltip title={blocker}>
                <Button type="primary" icon={<LockOutlined />} disabled={blocker !== null} onClick={askSeal}>
                  封存归档
                </Button>
              </Tooltip>
            )}
            <Button onClick={() => navigate('/archives-management')}>返回列表</Button>
          </>
        }
      >
        {!sealed && blocker && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`暂不能归档：${blocker}`} />
        )}
        {sealed && (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            title={`档案已于 ${a.sealed_time_str ?? '-'} 由 ${a.sealed_by_name ?? '-'} 封存归档，不能再添加或删除材料`}
          />
        )}
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'plan_no', label: '计划编号', children: <PlanNo value={a.plan_no} /> },
            { key: 'name', label: '名称', children: a.name },
            { key: 'kind', label: '档案类型', children: a.kind_text },
            { key: 'occupation', label: '职业/工种', children: scopeText(a) },
            { key: 'level', label: '等级', children: a.level_name ?? '-' },
            {
              key: 'dates',
              label: '考评日期',
              children: a.start_date ? `${a.start_date} 至 ${a.end_date ?? ''}` : '-',
            },
            { key: 'source_status', label: '评价状态', children: a.source_status_text },
            { key: 'volumes', label: '卷宗', children: `${a.volumes_filled}/${a.volume_total} 卷有文件` },
            { key: 'created', label: '建档时间', children: a.create_time_str },
            {
              key: 'paper',
              label: '纸质档案保管期限',
              children: retentionText(a.paper_retention_years, a.paper_retention_until),
            },
            {
              key: 'electronic',
              label: '电子档案保管期限',
              children: (
                <Space wrap size={4}>
                  {retentionText(a.electronic_retention_years, a.electronic_retention_until)}
                  {a.expiring && <span style={{ color: 'var(--ant-color-warning)' }}>{EXPIRING_TEXT}</span>}
                  {a.abilities.can_edit_retention && (
                    <Button type="link" size="small" onClick={() => setEditingRetention(true)}>
                      修改保管期限
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </PageCard>
      <Card title="档案卷宗">
        <VolumeTree
          volumes={a.volumes}
          actions={{
            preview: (d) => openPreview({ url: documentUrl(a._id, d.key), name: d.name }),
            download: (d) =>
              void downloadFile(documentUrl(a._id, d.key, true), d.name).catch((error: unknown) =>
                message.error(`下载失败：${errorMessage(error)}`),
              ),
            upload: a.abilities.can_upload ? setUploadVolume : undefined,
            remove: a.abilities.can_delete ? askDelete : undefined,
          }}
        />
      </Card>
      <Card title="档案记录">
        <StepTimeline
          label="档案记录"
          steps={archiveSteps(a)}
          colors={TIMELINE_COLORS}
          noteLabel={() => '说明'}
        />
      </Card>
      {previewDialog}
      <UploadItemDialog
        volume={uploadVolume}
        pending={addItem.isPending}
        onCancel={() => setUploadVolume(null)}
        onSubmit={(body) =>
          addItem.mutateAsync(body).then(() => {
            message.success('材料已上传');
            setUploadVolume(null);
          })
        }
      />
      <RetentionDialog
        open={editingRetention}
        initial={a}
        pending={updateRetention.isPending}
        onCancel={() => setEditingRetention(false)}
        onSubmit={(body) =>
          updateRetention.mutateAsync(body).then(() => {
            message.success('保管期限已保存');
            setEditingRetention(false);
          })
        }
      />
    </Space>
  );
}
