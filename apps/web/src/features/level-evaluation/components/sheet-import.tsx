import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportResult } from '@skill-cert/shared/levelEvaluation';
import { Alert, App, Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { FileUpload, type UploadedItem } from '@/shared/components/upload/file-upload';
import { downloadFile } from '@/shared/files';
import { errorMessage } from '@/shared/http';

export interface SheetImportProps {
  /** The button and the dialog's title, e.g. 导入考生. */
  title: string;
  /** xlsx or zip. */
  extension: 'xlsx' | 'zip';
  /** The template to fill, when there is one. */
  template?: { url: string; name: string };
  hint?: string;
  /** Imports the uploaded file by its id; a refusal rejects with the server's message. */
  onImport: (fileId: string) => Promise<ImportResult>;
  disabled?: boolean;
}

/**
 * An import: the template to download, the file sent through the one upload control, then the result (rows
 * imported, warnings, and for a sheet with errors the error report to download).
 */
export function SheetImport({ title, extension, template, hint, onImport, disabled }: SheetImportProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<UploadedItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setFile([]);
    setResult(null);
    setProblem(null);
  };
  const run = async () => {
    const picked = file[0];
    if (!picked) {
      setProblem(extension === 'zip' ? '请先上传照片压缩包' : '请先上传 Excel 文件');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await onImport(picked.file_id);
      setResult(answer);
      if (answer.failed === 0) message.success(`导入成功，共 ${answer.imported} 条`);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<UploadOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {title}
      </Button>
      <Modal
        title={title}
        open={open}
        onCancel={close}
        destroyOnHidden
        footer={
          result ? (
            <Button type="primary" onClick={close}>
              完成
            </Button>
          ) : (
            <Space>
              <Button onClick={close}>取消</Button>
              <Button type="primary" loading={busy} onClick={() => void run()}>
                开始导入
              </Button>
            </Space>
          )
        }
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          {template && (
            <Typography.Text>
              请先下载模板，按模板填写后上传：
              <Button
                type="link"
                icon={<DownloadOutlined />}
                onClick={() => void downloadFile(template.url, template.name).catch(() => undefined)}
              >
                下载模板
              </Button>
            </Typography.Text>
          )}
          {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
          {!result && (
            <FileUpload
              extensions={[extension]}
              typeMessage={extension === 'zip' ? '请上传 ZIP 格式的压缩包' : '请上传 XLSX 格式的 Excel 文件'}
              buttonText={extension === 'zip' ? '选择压缩包' : '选择 Excel 文件'}
              replace
              value={file}
              onChange={setFile}
            />
          )}
          {problem && <Alert type="error" showIcon title={problem} />}
          {result && <ImportResultView result={result} />}
        </Space>
      </Modal>
    </>
  );
}

/** The answer of an import: counts, warnings, the error report. */
export function ImportResultView({ result }: { result: ImportResult }) {
  const failed = result.failed > 0 || result.error_file_url;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} aria-label="导入结果">
      <Alert
        type={failed ? 'error' : 'success'}
        showIcon
        title={
          failed
            ? `共 ${result.total} 行，其中 ${result.failed} 行有错误，本次未导入任何数据`
            : `共 ${result.total} 行，已导入 ${result.imported} 行`
        }
        description={failed ? '请下载错误报告，按“错误原因”列修改后重新导入。' : undefined}
      />
      {result.error_file_url && (
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            void downloadFile(result.error_file_url ?? '', '错误报告.xlsx').catch(() => undefined)
          }
        >
          下载错误报告
        </Button>
      )}
      {result.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`提醒（${result.warnings.length}）`}
          description={
            <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 160, overflow: 'auto' }}>
              {result.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          }
        />
      )}
    </Space>
  );
}
