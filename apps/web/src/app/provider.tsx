import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AntdProviders } from '@/shared/antd/antd-providers';
import { createQueryClient, sessionQueryClient } from '@/shared/session/query-client';

export { createQueryClient };

/**
 * Every provider of the app in one (tests, and whatever renders antd outside the router): the query client and
 * antd's. The app itself mounts only the query client at the root (`mount.tsx`); antd's providers come with the first
 * screen that uses antd (`antd-shell.tsx`).
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? sessionQueryClient);
  return (
    <QueryClientProvider client={client}>
      <AntdProviders>{children}</AntdProviders>
    </QueryClientProvider>
  );
}
