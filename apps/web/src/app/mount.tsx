import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { isPhoneUserAgent } from '@/shared/device';
import { initLayoutSettings } from '@/shared/layout-settings/layout-settings';
import './global.css';
import { sessionQueryClient } from '@/shared/session/query-client';
import { PhoneNotice } from './phone-notice';
import { createAppRouter } from './router';

/** The public certificate page is what a phone opens when it scans a certificate's QR code. */
const PHONE_FRIENDLY = /^\/information-link(\/|$)/;

/** Renders the app, or on a phone only the notice (no router, no requests) except on the public certificate page. */
export function mount(
  container: HTMLElement,
  userAgent: string = navigator.userAgent,
  pathname: string = window.location.pathname,
): Root {
  const root = createRoot(container);
  if (isPhoneUserAgent(userAgent) && !PHONE_FRIENDLY.test(pathname)) {
    root.render(<PhoneNotice />);
    return root;
  }
  initLayoutSettings();
  // antd's providers come with the first screen that uses antd (router.tsx, AntdShell): the sign-in page has none.
  root.render(
    <StrictMode>
      <QueryClientProvider client={sessionQueryClient}>
        <RouterProvider router={createAppRouter()} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return root;
}
