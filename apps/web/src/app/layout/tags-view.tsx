import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import type { Tab } from '../tabs/tabs-model';
import { useTabsStore } from '../tabs/tabs-store';
import { useTabActions } from '../tabs/use-tab-actions';

/** The tab bar: visited pages; right-click for 刷新, 关闭, 关闭其他, 关闭所有. */
export function TagsView({ activeKey }: { activeKey: string | null }) {
  const tabs = useTabsStore((s) => s.tabs);
  const navigate = useNavigate();
  const actions = useTabActions(activeKey);

  const menuFor = (tab: Tab): MenuProps => ({
    items: [
      { key: 'refresh', label: '刷新' },
      { key: 'close', label: '关闭', disabled: tab.affix },
      { key: 'closeOthers', label: '关闭其他' },
      { key: 'closeAll', label: '关闭所有' },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') actions.refresh(tab);
      else if (key === 'close') actions.close(tab);
      else if (key === 'closeOthers') actions.closeOthers(tab);
      else actions.closeAll();
    },
  });

  return (
    <div className="tags-view" role="tablist" aria-label="已打开的页面">
      {tabs.map((tab) => {
        const active = tab.key === activeKey;
        return (
          <Dropdown key={tab.key} menu={menuFor(tab)} trigger={['contextMenu']}>
            <div
              role="tab"
              tabIndex={0}
              aria-selected={active}
              className={`tags-view-item${active ? ' is-active' : ''}`}
              data-tab-path={tab.fullPath}
              title={tab.fullPath}
              onClick={() => {
                if (!active) navigate(tab.fullPath);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !active) navigate(tab.fullPath);
              }}
            >
              <span>{tab.title}</span>
              {!tab.affix && (
                <button
                  type="button"
                  className="tags-view-close"
                  aria-label={`关闭 ${tab.title}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    actions.close(tab);
                  }}
                >
                  <CloseOutlined />
                </button>
              )}
            </div>
          </Dropdown>
        );
      })}
    </div>
  );
}
