import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, type ButtonProps } from 'antd';
import { downloadFile } from '@/shared/files';
import { useAction } from '@/shared/hooks/use-action';
import { errorMessage } from '@/shared/http';

/**
 * A file of the plan to download with the session's token (a room's tickets, the zip, one examinee's ticket): loading
 * from the first click, once however often clicked; a refusal says why (下载失败：…).
 */
export function DownloadButton({
  url,
  name,
  children,
  ...button
}: { url: string; name: string } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const { message } = App.useApp();
  const download = useAction(async () => {
    try {
      await downloadFile(url, name);
    } catch (error) {
      message.error(`下载失败：${errorMessage(error)}`);
    }
  });
  return (
    <Button
      icon={<DownloadOutlined />}
      {...button}
      loading={download.running}
      onClick={() => void download.run()}
    >
      {children}
    </Button>
  );
}
