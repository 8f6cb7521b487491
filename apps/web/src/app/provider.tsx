import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import type { SizeType as AntdSize } from 'antd/es/config-provider/SizeContext';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useMemo, useState } from 'react';
import { FeedbackBridge } from '@/shared/feedback';
import { prefersReducedMotion, useReducedMotion } from '@/shared/hooks/use-reduced-motion';
import { type SizeType, useLayoutSettings } from '@/shared/layout-settings/layout-settings';
import { createQueryClient, sessionQueryClient } from '@/shared/session/query-client';

export { createQueryClient };

dayjs.locale('zh-cn');

/**
 * The antd theme: the user's colour, and no component animations when the system asks for reduced motion (which
 * also keeps browser tests from clicking a dialog's button while it is still zooming in).
 */
const themeFor = (colorPrimary: string, reducedMotion: boolean): ThemeConfig => ({
  token: reducedMotion ? { colorPrimary, motion: false } : { colorPrimary },
});
const componentSizes: Record<SizeType, AntdSize> = { large: 'large', medium: 'middle', small: 'small' };
// Buttons read exactly as written (登录, not 登 录), for users and for browser tests alike.
const buttonConfig = { autoInsertSpace: false };

/** Gives antd's static message / Modal (used before <FeedbackBridge /> mounts) the same locale and theme. */
export function configureStaticFeedback(): void {
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
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? sessionQueryClient);
  // The stored colour is in the store from the first render on: no flash of the default colour.
  const themeColor = useLayoutSettings((s) => s.themeColor);
  const size = useLayoutSettings((s) => s.size);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => themeFor(themeColor, reducedMotion), [themeColor, reducedMotion]);
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={buttonConfig} componentSize={componentSizes[size]}>
      <App>
        <FeedbackBridge />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
