import { PRODUCT_PRIMARY_COLOR } from '@skill-cert/shared/constants';
import Cookies from 'js-cookie';
import { create } from 'zustand';

/**
 * Shell settings (spec §2 Layout, §4): layout type, theme colour and the tab view live in
 * localStorage; the sidebar state, language and size in cookies. Everything is read synchronously
 * when this module loads, so the first render already has the stored colour (no flash on reload).
 */
export type LayoutType = 'vertical' | 'horizontal';
export type DeviceType = 'desktop' | 'mobile';
export type SizeType = 'large' | 'medium' | 'small';

export interface StoredSettings {
  layout: LayoutType;
  themeColor: string;
  tagsView: boolean;
}

/** Also read by public/boot.js (loaded by index.html before the first paint): keep the two in step. */
export const SETTINGS_STORAGE_KEY = 'Layout-Settings';
export const THEME_CSS_VARIABLE = '--theme-color';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const LANGUAGE_COOKIE = 'language';
export const SIZE_COOKIE = 'size';

export const DEFAULT_SETTINGS: StoredSettings = {
  layout: 'vertical',
  themeColor: PRODUCT_PRIMARY_COLOR,
  tagsView: true,
};

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const isThemeColor = (value: unknown): value is string =>
  typeof value === 'string' && HEX_COLOR.test(value);

/** The stored settings, each field checked; anything missing or malformed falls back to its default. */
export function readStoredSettings(raw: string | null): StoredSettings {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(raw ?? '{}');
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
  } catch {
    // A damaged entry is replaced at the next change.
  }
  return {
    layout: parsed.layout === 'horizontal' ? 'horizontal' : 'vertical',
    themeColor: isThemeColor(parsed.themeColor) ? parsed.themeColor : DEFAULT_SETTINGS.themeColor,
    tagsView: typeof parsed.tagsView === 'boolean' ? parsed.tagsView : DEFAULT_SETTINGS.tagsView,
  };
}

const readSize = (value: string | undefined): SizeType =>
  value === 'large' || value === 'small' ? value : 'medium';

/** The colour as a CSS variable on <html>, for the shell's own styles (antd reads the token). */
export function applyThemeVariable(color: string): void {
  document.documentElement.style.setProperty(THEME_CSS_VARIABLE, color);
}

interface LayoutSettingsState extends StoredSettings {
  /** The sidebar on a desktop: open (210 px) or collapsed to icons; kept in a cookie. */
  sidebarOpened: boolean;
  /** The sidebar on a mobile device: shown over the page with a backdrop, closed by default. */
  mobileSidebarOpen: boolean;
  device: DeviceType;
  /** The 布局设置 drawer; kept here because the navbar that opens it changes with the layout. */
  settingsOpen: boolean;
  language: string;
  size: SizeType;
  setLayout(layout: LayoutType): void;
  setThemeColor(color: string): void;
  setTagsView(on: boolean): void;
  setSize(size: SizeType): void;
  setLanguage(language: string): void;
  toggleSidebar(): void;
  closeMobileSidebar(): void;
  setDevice(device: DeviceType): void;
  setSettingsOpen(open: boolean): void;
}

function initialState() {
  const stored = readStoredSettings(localStorage.getItem(SETTINGS_STORAGE_KEY));
  return {
    ...stored,
    sidebarOpened: Cookies.get(SIDEBAR_COOKIE) !== '0',
    mobileSidebarOpen: false,
    device: 'desktop' as DeviceType,
    settingsOpen: false,
    language: Cookies.get(LANGUAGE_COOKIE) || 'zh',
    size: readSize(Cookies.get(SIZE_COOKIE)),
  };
}

export const useLayoutSettings = create<LayoutSettingsState>()((set, get) => {
  const persist = () => {
    const { layout, themeColor, tagsView } = get();
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ layout, themeColor, tagsView }));
  };
  return {
    ...initialState(),
    setLayout(layout) {
      set({ layout });
      persist();
    },
    setThemeColor(color) {
      if (!isThemeColor(color)) return;
      set({ themeColor: color });
      applyThemeVariable(color);
      persist();
    },
    setTagsView(tagsView) {
      set({ tagsView });
      persist();
    },
    setSize(size) {
      set({ size });
      Cookies.set(SIZE_COOKIE, size);
    },
    setLanguage(language) {
      set({ language });
      Cookies.set(LANGUAGE_COOKIE, language);
    },
    toggleSidebar() {
      if (get().device === 'mobile') {
        set({ mobileSidebarOpen: !get().mobileSidebarOpen });
        return;
      }
      const sidebarOpened = !get().sidebarOpened;
      set({ sidebarOpened });
      Cookies.set(SIDEBAR_COOKIE, sidebarOpened ? '1' : '0');
    },
    closeMobileSidebar() {
      set({ mobileSidebarOpen: false });
    },
    setDevice(device) {
      if (device !== get().device) set({ device, mobileSidebarOpen: false });
    },
    setSettingsOpen(settingsOpen) {
      set({ settingsOpen });
    },
  };
});

/** Applies the stored colour to <html> before the first render; mount() calls it once. */
export function initLayoutSettings(): void {
  applyThemeVariable(useLayoutSettings.getState().themeColor);
}

/** Reads storage and cookies again (tests, and a change made in another tab). */
export function reloadLayoutSettings(): void {
  useLayoutSettings.setState(initialState());
  initLayoutSettings();
}
