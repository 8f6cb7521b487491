import { App, type ModalFuncProps } from 'antd';
import { useCallback, useRef, useState } from 'react';

export interface Action<A extends unknown[]> {
  /** Runs the action; a call while it runs (the second click of a double click) does nothing. */
  run: (...args: A) => Promise<void>;
  /** True from the first click until the action settles: its button's `loading`. */
  running: boolean;
}

/**
 * An action that acts once however often its button is clicked (DESIGN.md "Acting once"). A mutation's `isPending`
 * comes too late for that: it turns true only once the request starts, after the form's (asynchronous) validation,
 * and re-renders after the next event; this turns true in the click itself and covers validation, request and
 * what follows (a message, leaving the page). What the action throws reaches the caller.
 */
export function useAction<A extends unknown[]>(action: (...args: A) => unknown): Action<A> {
  const busy = useRef(false);
  const [running, setRunning] = useState(false);
  const latest = useRef(action);
  latest.current = action;
  const run = useCallback(async (...args: A) => {
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    try {
      await latest.current(...args);
    } finally {
      busy.current = false;
      setRunning(false);
    }
  }, []);
  return { run, running };
}

/**
 * `modal.confirm` that opens one dialog however often its button is clicked: a call while its dialog is open does
 * nothing. Give it an `onOk` that returns the request's promise: the OK button then shows its loading state and
 * acts once, and the dialog stays open until the request settles.
 */
export function useConfirmOnce(): (config: ModalFuncProps) => void {
  const { modal } = App.useApp();
  const open = useRef(false);
  return useCallback(
    (config: ModalFuncProps) => {
      if (open.current) return;
      open.current = true;
      const closed = () => {
        open.current = false;
      };
      modal.confirm({
        ...config,
        // Closed when OK's work succeeds (a failure keeps the dialog), on 取消, or any other way.
        onOk: async (...args) => {
          const result = await config.onOk?.(...args);
          closed();
          return result;
        },
        onCancel: (...args) => {
          closed();
          return config.onCancel?.(...args);
        },
        afterClose: () => {
          closed();
          config.afterClose?.();
        },
      });
    },
    [modal],
  );
}
