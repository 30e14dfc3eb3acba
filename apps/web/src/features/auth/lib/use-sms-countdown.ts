import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';

/** SPEC section 9: one send per second at most. */
export const SMS_THROTTLE_MS = 1000;

export type SmsSendOutcome = 'sent' | 'blocked' | 'failed';

export interface SmsCountdown {
  secondsLeft: number;
  sending: boolean;
  /**
   * Sends unless a countdown runs or the last send was under a second ago. `send` answers the code's
   * lifetime in minutes; the countdown is that times 60 s (SPEC section 4).
   */
  trigger(send: () => Promise<{ expiredMinutes: number }>): Promise<SmsSendOutcome>;
}

export function useSmsCountdown(onError: (error: unknown) => void): SmsCountdown {
  const [endAt, setEndAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const lastSend = useRef(0);
  const busy = useRef(false);
  // The latest handler without re-creating `trigger` when a parent passes a new function.
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });

  useEffect(() => {
    if (endAt === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endAt) setEndAt(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endAt]);

  const secondsLeft = endAt === null ? 0 : Math.max(0, Math.ceil((endAt - now) / 1000));

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndAt(seconds > 0 ? current + seconds * 1000 : null);
  }, []);

  const trigger = useCallback(
    async (send: () => Promise<{ expiredMinutes: number }>): Promise<SmsSendOutcome> => {
      const current = Date.now();
      if (busy.current || (endAt !== null && current < endAt)) return 'blocked';
      if (current - lastSend.current < SMS_THROTTLE_MS) return 'blocked';
      lastSend.current = current;
      busy.current = true;
      setSending(true);
      try {
        const { expiredMinutes } = await send();
        start(expiredMinutes * 60);
        return 'sent';
      } catch (error) {
        // A code was sent recently: wait out what the server says is left.
        const left = error instanceof ApiError ? error.details.secondsLeft : undefined;
        if (error instanceof ApiError && error.code === 'SMS_COOLDOWN' && typeof left === 'number') {
          start(left);
        }
        onErrorRef.current(error);
        return 'failed';
      } finally {
        busy.current = false;
        setSending(false);
      }
    },
    [endAt, start],
  );

  return { secondsLeft, sending, trigger };
}
