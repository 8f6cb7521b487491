import { CameraOutlined } from '@ant-design/icons';
import type { CandidatePhotoResult, CandidateRow } from '@skill-cert/shared/level-evaluations';
import { Alert, App, Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { IMAGE_TYPE_MESSAGE, isAllowedImage } from '@/shared/components/upload/file-upload';
import { uploadFile } from '@/shared/files';
import { errorMessage } from '@/shared/http';

/** A candidate's 1-inch photo: shown small, and while candidates may change, 上传 / 更换 (sent to its route). */
export function CandidatePhoto({
  candidate,
  url,
  editable,
  onSaved,
}: {
  candidate: CandidateRow;
  url: string;
  editable: boolean;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  return (
    <Space size={4}>
      {candidate.photo ? (
        <Image src={candidate.photo.webPath} width={24} height={32} alt={`${candidate.name}的照片`} />
      ) : (
        !editable && '-'
      )}
      {editable && (
        <Upload
          accept=".jpg,.jpeg,.png"
          showUploadList={false}
          beforeUpload={(file) => {
            if (!isAllowedImage(file)) {
              message.error(IMAGE_TYPE_MESSAGE);
              return false;
            }
            setSending(true);
            uploadFile(file, { url, kind: 'image' })
              .then(onSaved, (error: unknown) => message.error(`${errorMessage(error)}，上传失败！`))
              .finally(() => setSending(false));
            return false;
          }}
        >
          <Button type="link" size="small" icon={<CameraOutlined />} loading={sending}>
            {candidate.photo ? '更换' : '上传'}
          </Button>
        </Upload>
      )}
    </Space>
  );
}

/** The answer of `POST .../candidates/photos`. */
export type PhotoResult = CandidatePhotoResult;

export function PhotoResultView({ result }: { result: PhotoResult }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} aria-label="导入结果">
      <Alert
        type={result.problems.length || result.unmatched_count ? 'warning' : 'success'}
        showIcon
        title={`已匹配 ${result.matched} 名考生的照片；${result.unmatched_count} 张照片未匹配到考生；仍有 ${result.without_photo} 名考生没有照片`}
      />
      {[...result.unmatched_photos.map((p) => `未匹配：${p}`), ...result.problems].length > 0 && (
        <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 160, overflow: 'auto' }}>
          {[...result.unmatched_photos.map((p) => `未匹配：${p}`), ...result.problems].map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </Space>
  );
}
