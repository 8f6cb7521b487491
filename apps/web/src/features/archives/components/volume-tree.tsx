import { FileOutlined, FolderOpenOutlined, UploadOutlined } from '@ant-design/icons';
import type { ArchiveDocument, ArchiveVolume, ArchiveVolumeValue } from '@skill-cert/shared/archives';
import { Button, Space, Tag, Tree, type TreeDataNode, Typography } from 'antd';

/** What the tree lets the user do; a missing handler hides its buttons (a sealed archive, a member). */
export interface VolumeTreeActions {
  preview: (document: ArchiveDocument) => void;
  /** Fetches the document (generated ones are built on request) and saves it; a failure is said, the page stays. */
  download: (document: ArchiveDocument) => void;
  /** Open archive: upload to a volume that takes uploads. */
  upload?: (volume: ArchiveVolumeValue) => void;
  /** Open archive, administrator: delete an uploaded item. */
  remove?: (document: ArchiveDocument) => void;
}

const sizeText = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A node's title on the line of its icon, wrapping only when the window is narrow. */
const TITLE_STYLE: React.CSSProperties = {
  display: 'inline-flex',
  flexWrap: 'wrap',
  gap: 8,
  alignItems: 'center',
  verticalAlign: 'middle',
};

function DocumentTitle({ document: d, actions }: { document: ArchiveDocument; actions: VolumeTreeActions }) {
  const generated = d.kind === 'generated';
  return (
    <span className="archive-document" data-document={d.key} style={TITLE_STYLE}>
      <span style={{ fontWeight: 500, wordBreak: 'break-all' }}>{d.name}</span>
      {generated ? (
        <Tag color="blue">系统生成</Tag>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {`${d.created_by_name ?? '-'} 上传于 ${d.create_time_str ?? '-'}`}
          {d.size !== null && ` · ${sizeText(d.size)}`}
        </Typography.Text>
      )}
      <Space size={0} onClick={(e) => e.stopPropagation()}>
        <Button type="link" size="small" onClick={() => actions.preview(d)}>
          预览
        </Button>
        <Button type="link" size="small" onClick={() => actions.download(d)}>
          下载
        </Button>
        {!generated && actions.remove && d.item_id && (
          <Button type="link" size="small" danger onClick={() => actions.remove?.(d)}>
            删除
          </Button>
        )}
      </Space>
    </span>
  );
}

function VolumeTitle({ volume: v, actions }: { volume: ArchiveVolume; actions: VolumeTreeActions }) {
  return (
    <span style={TITLE_STYLE}>
      <strong>{`第${v.volume}卷 ${v.name}`}</strong>
      <Typography.Text type="secondary">{`${v.documents.length} 份`}</Typography.Text>
      {v.accepts_uploads && actions.upload && (
        <Button
          size="small"
          icon={<UploadOutlined />}
          onClick={(e) => {
            e.stopPropagation();
            actions.upload?.(v.volume);
          }}
        >
          上传材料
        </Button>
      )}
    </span>
  );
}

/**
 * The volumes of an archive as a tree of documents (all expanded): a generated document is marked 系统生成, an
 * uploaded one says who added it and when; each can be previewed and downloaded.
 */
export function VolumeTree({ volumes, actions }: { volumes: ArchiveVolume[]; actions: VolumeTreeActions }) {
  const treeData: TreeDataNode[] = volumes.map((v) => ({
    key: `volume-${v.volume}`,
    icon: <FolderOpenOutlined />,
    title: <VolumeTitle volume={v} actions={actions} />,
    children: v.documents.length
      ? v.documents.map((d) => ({
          key: `document-${d.key}`,
          icon: <FileOutlined />,
          isLeaf: true,
          title: <DocumentTitle document={d} actions={actions} />,
        }))
      : [
          {
            key: `empty-${v.volume}`,
            isLeaf: true,
            title: <Typography.Text type="secondary">暂无文件</Typography.Text>,
          },
        ],
  }));
  return (
    <Tree aria-label="档案卷宗" showIcon blockNode selectable={false} defaultExpandAll treeData={treeData} />
  );
}
