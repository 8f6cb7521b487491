import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a resend is allowed; `start(60)` after a code was sent. */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [endAt, setEndAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endAt) setEndAt(null);
    }, 1_000);
    return () => clearInterval(timer);
  }, [endAt]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndAt(current + seconds * 1_000);
  }, []);

  const remaining = endAt === null ? 0 : Math.max(0, Math.ceil((endAt - now) / 1_000));
  return { remaining, start };
}
