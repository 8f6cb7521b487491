import type { RecordFile } from '@skill-cert/shared/records';
import { type FileUploadProps, FileUpload as Upload } from '@/shared/components/upload/file-upload';

/** The app's upload control with the record application's file shape ({ file_id, webPath, originName }). */
export function FileUpload({
  value,
  onChange,
  accept,
  ...props
}: Omit<FileUploadProps, 'value' | 'onChange' | 'kind' | 'extensions'> & {
  value?: RecordFile[];
  onChange?: (files: RecordFile[]) => void;
  /** The allowed extensions as the file picker takes them, e.g. '.pdf,.doc,.docx'. */
  accept?: string;
}) {
  const extensions = accept?.split(',').map((e) => e.trim().replace(/^\./, ''));
  return (
    <Upload
      {...props}
      extensions={extensions}
      typeMessage={accept ? `请上传 ${extensions?.join('/').toUpperCase()} 格式的文件` : undefined}
      value={value?.map((f) => ({ file_id: f.file_id, webPath: f.webPath, name: f.originName }))}
      onChange={(items) =>
        onChange?.(items.map((i) => ({ file_id: i.file_id, webPath: i.webPath, originName: i.name ?? '' })))
      }
    />
  );
}
