import { Button, Image, Modal, Result } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { DocxView, SheetView } from './office-views';
import { downloadUrl, type PreviewKind, previewKind } from './preview-kind';

/** A file to preview: where to read it and the name that carries its extension. */
export interface PreviewFile {
  url: string;
  name?: string;
  /** Overrides the choice by extension, e.g. 'image' for an upload known to be one. */
  kind?: PreviewKind;
}

function DownloadOffer({ file }: { file: PreviewFile }) {
  return (
    <Result
      status="info"
      title="该文件暂不支持在线预览"
      subTitle={file.name}
      extra={
        <Button type="primary" href={downloadUrl(file.url)} download={file.name ?? true}>
          下载文件
        </Button>
      }
    />
  );
}

function PreviewBody({ file, kind }: { file: PreviewFile; kind: PreviewKind }) {
  switch (kind) {
    case 'image':
      return (
        <div style={{ textAlign: 'center' }}>
          <Image src={file.url} alt={file.name ?? '图片'} style={{ maxWidth: '100%', maxHeight: '70vh' }} />
        </div>
      );
    case 'pdf':
      return (
        <iframe
          src={file.url}
          title={file.name ?? 'PDF'}
          style={{ width: '100%', height: '70vh', border: 0 }}
        />
      );
    case 'docx':
      return <DocxView url={file.url} />;
    case 'sheet':
      return <SheetView url={file.url} />;
    default:
      return <DownloadOffer file={file} />;
  }
}

export interface PreviewDialogProps {
  /** The file shown; null closes the dialog. */
  file: PreviewFile | null;
  onClose: () => void;
}

/** Images, PDFs and office files in a dialog (spec §2 Dialogs); anything else is offered for download. */
export function PreviewDialog({ file, onClose }: PreviewDialogProps) {
  const kind = file ? (file.kind ?? previewKind(file.name, file.url)) : 'download';
  return (
    <Modal
      open={file !== null}
      title={file?.name || '文件预览'}
      width={kind === 'image' || kind === 'download' ? 720 : 1000}
      onCancel={onClose}
      destroyOnHidden
      centered
      footer={
        file && kind !== 'download' ? (
          <Button href={downloadUrl(file.url)} download={file.name ?? true}>
            下载
          </Button>
        ) : null
      }
    >
      {file && <PreviewBody file={file} kind={kind} />}
    </Modal>
  );
}

/**
 * `const { openPreview, previewDialog } = usePreviewDialog();` then render `{previewDialog}` and call
 * `openPreview({ url, name })`.
 */
export function usePreviewDialog(): { openPreview: (file: PreviewFile) => void; previewDialog: ReactNode } {
  const [file, setFile] = useState<PreviewFile | null>(null);
  const openPreview = useCallback((next: PreviewFile) => setFile(next), []);
  const close = useCallback(() => setFile(null), []);
  return { openPreview, previewDialog: <PreviewDialog file={file} onClose={close} /> };
}
