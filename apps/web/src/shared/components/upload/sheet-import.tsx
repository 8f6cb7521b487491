import { DownloadOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { UPLOAD_MAX_BYTES } from '@skill-cert/shared/constants';
import type { ImportResult } from '@skill-cert/shared/level-evaluations';
import { Alert, App, Button, Modal, Space, Typography, Upload } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { downloadFile, UPLOAD_CANCELLED_MESSAGE, uploadFile } from '@/shared/files';
import { errorMessage } from '@/shared/http';
import { FILE_SIZE_MESSAGE, uploadingName } from './file-upload';

export interface SheetImportProps<R> {
  /** The button and the dialog's title, e.g. 导入考生. */
  title: string;
  /** xlsx or zip. */
  extension: 'xlsx' | 'zip';
  /** The route that takes the file itself (multipart) and answers R. */
  url: string;
  /** The template to fill, when there is one. */
  template?: { url: string; name: string };
  hint?: string;
  /** What the answer says (counts, warnings, the error report). */
  renderResult: (result: R) => ReactNode;
  /** After an answer: refresh what it changed. */
  onDone?: (result: R) => void;
  disabled?: boolean;
}

const TYPE_MESSAGE = { xlsx: '请上传 XLSX 格式的 Excel 文件', zip: '请上传 ZIP 格式的压缩包' };

/**
 * An import: the template to download, a file picked and sent to the import route with its progress (the upload
 * of the app, `uploadFile`), then the answer. Closing the dialog while the file is sent cancels it.
 */
export function SheetImport<R>({
  title,
  extension,
  url,
  template,
  hint,
  renderResult,
  onDone,
  disabled,
}: SheetImportProps<R>) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sending = useRef<AbortController | null>(null);

  const close = () => {
    sending.current?.abort();
    setOpen(false);
    setFile(null);
    setResult(null);
    setProblem(null);
    setPercent(null);
  };
  const run = async () => {
    if (!file) {
      setProblem(extension === 'zip' ? '请先选择照片压缩包' : '请先选择 Excel 文件');
      return;
    }
    const controller = new AbortController();
    sending.current = controller;
    setProblem(null);
    setPercent(0);
    try {
      const answer = await uploadFile<R>(file, { url, signal: controller.signal, onProgress: setPercent });
      setResult(answer);
      onDone?.(answer);
    } catch (error) {
      if (!controller.signal.aborted) setProblem(errorMessage(error));
      else message.info(UPLOAD_CANCELLED_MESSAGE);
    } finally {
      sending.current = null;
      setPercent(null);
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
              <Button type="primary" loading={percent !== null} onClick={() => void run()}>
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
            <Space wrap>
              <Upload
                accept={`.${extension}`}
                showUploadList={false}
                disabled={percent !== null}
                beforeUpload={(picked) => {
                  if (!picked.name.toLowerCase().endsWith(`.${extension}`))
                    message.error(TYPE_MESSAGE[extension]);
                  else if (extension === 'xlsx' && picked.size > UPLOAD_MAX_BYTES)
                    message.error(FILE_SIZE_MESSAGE);
                  else {
                    setFile(picked);
                    setProblem(null);
                  }
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />}>
                  {file ? '重新选择' : extension === 'zip' ? '选择压缩包' : '选择 Excel 文件'}
                </Button>
              </Upload>
              {file && (
                <Typography.Text>
                  <PaperClipOutlined /> {percent === null ? file.name : uploadingName(file.name, percent)}
                </Typography.Text>
              )}
            </Space>
          )}
          {problem && <Alert type="error" showIcon title={problem} />}
          {result !== null && renderResult(result)}
        </Space>
      </Modal>
    </>
  );
}

/** The answer of a sheet import: counts, warnings, the error report. */
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
