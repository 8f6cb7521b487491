import { CheckOutlined } from '@ant-design/icons';
import { THEME_PRESETS } from '@skill-cert/shared/constants';
import { App, ColorPicker, Drawer, Radio, Switch } from 'antd';
import { type LayoutType, useLayoutSettings } from '@/shared/layout-settings/layout-settings';

/** 布局设置 (spec §2 Settings drawer): layout type, theme colour, tab view. */
export function SettingsDrawer() {
  const { message } = App.useApp();
  const {
    layout,
    themeColor,
    tagsView,
    settingsOpen,
    setLayout,
    setThemeColor,
    setTagsView,
    setSettingsOpen,
  } = useLayoutSettings();

  const changeColor = (color: string) => {
    if (color.toLowerCase() === themeColor.toLowerCase()) return;
    void message.loading({ content: '正在设置主题…', duration: 0.5, key: 'theme' });
    setThemeColor(color);
  };

  return (
    <Drawer title="布局设置" open={settingsOpen} onClose={() => setSettingsOpen(false)} size={300}>
      <div className="settings-row">
        <span className="settings-label">布局方式</span>
        <Radio.Group
          aria-label="布局方式"
          optionType="button"
          value={layout}
          onChange={(e) => setLayout(e.target.value as LayoutType)}
          options={[
            { value: 'vertical', label: '纵向' },
            { value: 'horizontal', label: '横向' },
          ]}
        />
      </div>
      <div className="settings-row">
        <span className="settings-label">主题颜色</span>
        <div className="theme-presets">
          {THEME_PRESETS.map((color) => {
            const selected = color.toLowerCase() === themeColor.toLowerCase();
            return (
              <button
                key={color}
                type="button"
                className="theme-swatch"
                style={{ background: color }}
                aria-label={`主题色 ${color}`}
                aria-pressed={selected}
                onClick={() => changeColor(color)}
              >
                {selected && <CheckOutlined />}
              </button>
            );
          })}
          <ColorPicker
            value={themeColor}
            disabledAlpha
            presets={[{ label: '推荐', colors: [...THEME_PRESETS] }]}
            onChangeComplete={(color) => changeColor(color.toHexString())}
            aria-label="自定义主题色"
          />
        </div>
      </div>
      <div className="settings-row settings-row-inline">
        <span className="settings-label">显示标签页</span>
        <Switch aria-label="显示标签页" checked={tagsView} onChange={setTagsView} />
      </div>
    </Drawer>
  );
}
