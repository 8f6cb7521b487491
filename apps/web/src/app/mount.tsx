import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { isPhoneUserAgent } from '@/shared/device';
import { initLayoutSettings } from '@/shared/layout-settings/layout-settings';
import './global.css';
import { PhoneNotice } from './phone-notice';
import { AppProviders, configureStaticFeedback } from './provider';
import { createAppRouter } from './router';

/** Renders the app, or on a phone only the notice (no router, no requests). */
export function mount(container: HTMLElement, userAgent: string = navigator.userAgent): Root {
  const root = createRoot(container);
  if (isPhoneUserAgent(userAgent)) {
    root.render(<PhoneNotice />);
    return root;
  }
  initLayoutSettings();
  configureStaticFeedback();
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
  return root;
}
