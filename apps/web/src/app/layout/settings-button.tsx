import { SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useLayoutSettings } from '@/shared/layout-settings/layout-settings';

/** The gear of the navbar. */
export function SettingsButton() {
  const setOpen = useLayoutSettings((s) => s.setSettingsOpen);
  return (
    <Tooltip title="布局设置">
      <Button type="text" icon={<SettingOutlined />} aria-label="布局设置" onClick={() => setOpen(true)} />
    </Tooltip>
  );
}
