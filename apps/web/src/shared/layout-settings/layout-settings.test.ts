import { PRODUCT_PRIMARY_COLOR } from '@skill-cert/shared/constants';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  readStoredSettings,
  reloadLayoutSettings,
  SETTINGS_STORAGE_KEY,
  SIDEBAR_COOKIE,
  THEME_CSS_VARIABLE,
  useLayoutSettings,
} from './layout-settings';

afterEach(() => {
  localStorage.clear();
  reloadLayoutSettings();
});

describe('layout settings', () => {
  it('defaults: vertical layout, the product colour, tabs on, language zh, size medium, sidebar open', () => {
    reloadLayoutSettings();
    expect(useLayoutSettings.getState()).toMatchObject({
      ...DEFAULT_SETTINGS,
      themeColor: PRODUCT_PRIMARY_COLOR,
      language: 'zh',
      size: 'medium',
      sidebarOpened: true,
    });
  });

  it('ignores damaged or foreign values field by field', () => {
    expect(readStoredSettings('{"layout":"diagonal","themeColor":"red","tagsView":"yes"}')).toEqual(
      DEFAULT_SETTINGS,
    );
    expect(readStoredSettings('not json')).toEqual(DEFAULT_SETTINGS);
    expect(readStoredSettings('{"themeColor":"#09b383"}')).toEqual({
      ...DEFAULT_SETTINGS,
      themeColor: '#09b383',
    });
  });

  it('remembers layout, colour and tab view in localStorage and reads them back', () => {
    const s = useLayoutSettings.getState();
    s.setLayout('horizontal');
    s.setThemeColor('#f42c4a');
    s.setTagsView(false);
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!)).toEqual({
      layout: 'horizontal',
      themeColor: '#f42c4a',
      tagsView: false,
    });
    useLayoutSettings.setState({ layout: 'vertical', themeColor: '#000000' });
    reloadLayoutSettings();
    expect(useLayoutSettings.getState()).toMatchObject({
      layout: 'horizontal',
      themeColor: '#f42c4a',
      tagsView: false,
    });
  });

  it('sets the colour on <html> at once, and refuses a value that is not a colour', () => {
    useLayoutSettings.getState().setThemeColor('#ffba00');
    expect(document.documentElement.style.getPropertyValue(THEME_CSS_VARIABLE)).toBe('#ffba00');
    useLayoutSettings.getState().setThemeColor('javascript:alert(1)');
    expect(useLayoutSettings.getState().themeColor).toBe('#ffba00');
  });

  it('keeps the sidebar state in a cookie on a desktop; on a mobile device it toggles the drawer only', () => {
    useLayoutSettings.getState().toggleSidebar();
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('0');
    expect(useLayoutSettings.getState().sidebarOpened).toBe(false);

    useLayoutSettings.getState().setDevice('mobile');
    useLayoutSettings.getState().toggleSidebar();
    expect(useLayoutSettings.getState()).toMatchObject({ mobileSidebarOpen: true, sidebarOpened: false });
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('0');
    useLayoutSettings.getState().closeMobileSidebar();
    expect(useLayoutSettings.getState().mobileSidebarOpen).toBe(false);
  });
});
