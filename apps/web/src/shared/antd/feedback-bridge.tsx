import { App } from 'antd';
import { useEffect } from 'react';
import { setFeedbackHolder } from '../feedback';

/** Mounted inside the antd providers: gives `feedback` (code outside React) the app's themed message and modal. */
export function FeedbackBridge(): null {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setFeedbackHolder({ message, modal });
    return () => setFeedbackHolder(null);
  }, [message, modal]);
  return null;
}
