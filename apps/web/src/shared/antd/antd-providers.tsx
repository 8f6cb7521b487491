import { App, ConfigProvider, Modal, message, type ThemeConfig } from 'antd';
import type { SizeType as AntdSize } from 'antd/es/config-provider/SizeContext';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useMemo } from 'react';
import type { FeedbackApi } from '../feedback';
import { prefersReducedMotion, useReducedMotion } from '../hooks/use-reduced-motion';
import { type SizeType, useLayoutSettings } from '../layout-settings/layout-settings';
import { FeedbackBridge } from './feedback-bridge';

/**
 * antd with the app's theme, locale and feedback bridge. Everything that uses antd is below <AntdProviders />; the
 * module loads with the first such screen, never with the sign-in page (`/login` carries no antd).
 */

dayjs.locale('zh-cn');

/**
 * Text that reads on its background (WCAG AA, 4.5:1; Lighthouse's colour-contrast audit), with colours of
 * antd's own palette one shade darker where its defaults fall short: links blue-7 (#1677ff was 4.1:1), placeholders
 * and secondary text the 0.65 grey of colorTextSecondary (0.25 and 0.45 were 1.8:1 and 3.4:1), the unread count
 * red-7 behind white (3.3:1), danger and error text (删除, 必填 messages, Typography danger) red-7, the labels of
 * Descriptions the 0.65 grey, and the text of coloured tags the 8th shade (gold, lime and yellow the 9th) on their light background (the 6th/7th
 * were 2.3–3.4:1).
 */
const readableText: ThemeConfig = {
  token: {
    colorLink: '#0958d9',
    colorLinkHover: '#1677ff',
    colorLinkActive: '#003eb3',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  },
  components: {
    Badge: { colorError: '#cf1322' },
    Button: { colorError: '#cf1322', colorErrorHover: '#ff4d4f', colorErrorActive: '#a8071a' },
    Typography: { colorError: '#cf1322', colorErrorText: '#cf1322' },
    Form: { colorError: '#cf1322' },
    Descriptions: { labelColor: 'rgba(0, 0, 0, 0.65)' },
    Tag: {
      colorSuccess: '#237804',
      colorInfo: '#0958d9',
      colorError: '#a8071a',
      colorWarning: '#ad4e00',
      green7: '#237804',
      blue7: '#0958d9',
      red7: '#a8071a',
      orange7: '#ad4e00',
      gold7: '#874d00',
      cyan7: '#006d75',
      purple7: '#531dab',
      magenta7: '#9e1068',
      geekblue7: '#10239e',
      volcano7: '#ad2102',
      lime7: '#3f6600',
      yellow7: '#876800',
    },
  },
};

/**
 * The antd theme: the user's colour, readable text, and no component animations when the system asks for reduced
 * motion (which also keeps browser tests from clicking a dialog's button while it is still zooming in).
 */
const themeFor = (colorPrimary: string, reducedMotion: boolean): ThemeConfig => ({
  ...readableText,
  token: { ...readableText.token, colorPrimary, ...(reducedMotion ? { motion: false } : {}) },
});
const componentSizes: Record<SizeType, AntdSize> = { large: 'large', medium: 'middle', small: 'small' };
// Buttons read exactly as written (登录, not 登 录), for users and for browser tests alike.
const buttonConfig = { autoInsertSpace: false };

// antd's static message / Modal (used before <FeedbackBridge /> mounts) get the same locale and theme.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider
      locale={zhCN}
      theme={themeFor(useLayoutSettings.getState().themeColor, prefersReducedMotion())}
      button={buttonConfig}
    >
      <App>{children}</App>
    </ConfigProvider>
  ),
});

/** antd's static API, themed (for `feedback` before the bridge has mounted). */
export const staticFeedback: FeedbackApi = { message, modal: Modal };

/**
 * `island`: antd inside a page that is not antd's (the sign-in page's lazily loaded parts). An island mounts no
 * feedback bridge: it may unmount right after a message (reset password → back to login), which would take the
 * message with it; `feedback` then uses the static API, themed the same.
 */
export function AntdProviders({ children, island = false }: { children: ReactNode; island?: boolean }) {
  // The stored colour is in the store from the first render on: no flash of the default colour.
  const themeColor = useLayoutSettings((s) => s.themeColor);
  const size = useLayoutSettings((s) => s.size);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => themeFor(themeColor, reducedMotion), [themeColor, reducedMotion]);
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={buttonConfig} componentSize={componentSizes[size]}>
      <App>
        {!island && <FeedbackBridge />}
        {children}
      </App>
    </ConfigProvider>
  );
}
