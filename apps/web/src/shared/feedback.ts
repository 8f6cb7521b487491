import type { App, ModalFuncProps } from 'antd';
import type { ReactNode } from 'react';
import { browser } from './browser';

/**
 * Messages and dialogs for code that lives outside React (the HTTP client, route loaders).
 *
 * antd's static `message` / `Modal.confirm` cannot read the app's theme and locale, so the antd providers mount
 * <FeedbackBridge /> (`antd/feedback-bridge.tsx`), which captures `App.useApp()` into this module-level holder. Code
 * outside React calls `feedback.message` / `feedback.modal`. Before the bridge has mounted (a loader on the very
 * first navigation, the sign-in page, which carries no antd at all) they load antd and use its static API, which
 * `antd/antd-providers.tsx` also themes. This module imports no antd itself (the sign-in
 * page loads none).
 */
type MessageApi = ReturnType<typeof App.useApp>['message'];
type ModalHandle = { destroy: () => void };
export interface ModalApi {
  confirm(props: ModalFuncProps): ModalHandle;
  info(props: ModalFuncProps): ModalHandle;
  warning(props: ModalFuncProps): ModalHandle;
}
export type FeedbackApi = { message: MessageApi; modal: ModalApi };

let holder: FeedbackApi | null = null;

/** Called by FeedbackBridge: the app's themed message and modal APIs, or null when it unmounts. */
export function setFeedbackHolder(api: FeedbackApi | null): void {
  holder = api;
}

/** antd's static API, themed, loaded on first use when no bridge is mounted. */
const staticApi = (): Promise<FeedbackApi> => import('./antd/antd-providers').then((m) => m.staticFeedback);

type Show = (show: (api: FeedbackApi) => unknown, plain: () => void) => void;

/**
 * Runs `show` with antd's static API once antd has loaded; if it cannot be loaded (the network is gone), `plain`: the
 * browser's own dialog, so the message is not lost.
 */
const withStatic: Show = (show, plain) => void staticApi().then(show, plain);

/** Runs `show` with the bridge's API now, or with the static one once antd has loaded. */
const withApi: Show = (show, plain) => (holder ? show(holder) : withStatic(show, plain));

/** A dialog opened now or once antd has loaded; destroying it before then keeps it from opening. */
function openModal(open: (modal: ModalApi) => ModalHandle, said: ReactNode): ModalHandle {
  if (holder) return open(holder.modal);
  let handle: ModalHandle | null = null;
  let destroyed = false;
  void staticApi().then(
    (api) => {
      if (!destroyed) handle = open(api.modal);
    },
    // antd could not be loaded (the network is gone): what the dialog says, in the browser's own dialog.
    () => {
      if (!destroyed && typeof said === 'string') browser.alert(said);
    },
  );
  return {
    destroy() {
      destroyed = true;
      handle?.destroy();
    },
  };
}

type Say = (content: ReactNode) => void;
const say =
  (kind: 'success' | 'error' | 'warning' | 'info' | 'loading', using: Show = withApi): Say =>
  (content) =>
    using(
      (api) => api.message[kind](content),
      () => {
        if (kind !== 'loading' && typeof content === 'string') browser.alert(content);
      },
    );

export const feedback: {
  message: Record<'success' | 'error' | 'warning' | 'info' | 'loading', Say>;
  /**
   * Messages said on the way out of the signed-in pages, shown where the user lands: always antd's static holder,
   * outside the app's tree. The bridge's holder is inside the signed-in layout, so a message said just before leaving
   * it (修改密码 → /login) went with it and was never seen.
   */
  leaving: Record<'success' | 'info', Say>;
  modal: ModalApi;
} = {
  message: {
    success: say('success'),
    error: say('error'),
    warning: say('warning'),
    info: say('info'),
    loading: say('loading'),
  },
  leaving: { success: say('success', withStatic), info: say('info', withStatic) },
  modal: {
    confirm: (props) => openModal((m) => m.confirm(props), props.content ?? props.title),
    info: (props) => openModal((m) => m.info(props), props.content ?? props.title),
    warning: (props) => openModal((m) => m.warning(props), props.content ?? props.title),
  },
};
