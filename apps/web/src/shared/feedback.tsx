import { App, Modal, type ModalFuncProps, message as staticMessage } from 'antd';
import { useEffect } from 'react';

/**
 * Messages and dialogs for code that lives outside React (the HTTP client, route loaders).
 *
 * antd's static `message` / `Modal.confirm` cannot read the app's theme and locale, so the
 * providers mount <FeedbackBridge />, which captures `App.useApp()` into this module-level
 * holder. Code outside React calls `feedback.message` / `feedback.modal`; before the bridge has
 * mounted (a loader running on the very first navigation) they fall back to the static API,
 * which `ConfigProvider.config({ holderRender })` in the providers also themes.
 */
type MessageApi = ReturnType<typeof App.useApp>['message'];
type ModalHandle = { destroy: () => void };
export interface ModalApi {
  confirm(props: ModalFuncProps): ModalHandle;
  info(props: ModalFuncProps): ModalHandle;
  warning(props: ModalFuncProps): ModalHandle;
}

let holder: { message: MessageApi; modal: ModalApi } | null = null;

export const feedback = {
  get message(): Pick<MessageApi, 'success' | 'error' | 'warning' | 'info' | 'loading'> {
    return holder?.message ?? staticMessage;
  },
  get modal(): ModalApi {
    return holder?.modal ?? Modal;
  },
};

export function FeedbackBridge(): null {
  const { message, modal } = App.useApp();
  useEffect(() => {
    holder = { message, modal };
    return () => {
      holder = null;
    };
  }, [message, modal]);
  return null;
}
