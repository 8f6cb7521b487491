import { PRODUCT_PRIMARY_COLOR } from '@skill-cert/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useState } from 'react';
import { FeedbackBridge } from '@/shared/feedback';

dayjs.locale('zh-cn');

const theme: ThemeConfig = { token: { colorPrimary: PRODUCT_PRIMARY_COLOR } };
// Buttons read exactly as written (登录, not 登 录), for users and for browser tests alike.
const buttonConfig = { autoInsertSpace: false };

export function createQueryClient(): QueryClient {
  // The HTTP client already shows errors; retrying would repeat them.
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/** Gives antd's static message / Modal (used before <FeedbackBridge /> mounts) the same locale and theme. */
export function configureStaticFeedback(): void {
  ConfigProvider.config({
    holderRender: (children) => (
      <ConfigProvider locale={zhCN} theme={theme} button={buttonConfig}>
        <App>{children}</App>
      </ConfigProvider>
    ),
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={buttonConfig}>
      <App>
        <FeedbackBridge />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
