import { useCallback, useRef } from 'react';
import { useCaptcha } from '../api/get-captcha';

/** SPEC section 9: the captcha refreshes at most once a second. */
export const CAPTCHA_REFRESH_MS = 1000;

export interface CaptchaState {
  enabled: boolean;
  captchaId: string | undefined;
  image: string | undefined;
  loading: boolean;
  failed: boolean;
  /** a new image, unless the last one came under a second ago */
  refresh(): void;
}

export function useCaptchaState(scope: string, enabled: boolean): CaptchaState {
  const query = useCaptcha(scope, enabled);
  const last = useRef(0);
  const { refetch } = query;
  const refresh = useCallback(() => {
    const now = Date.now();
    if (now - last.current < CAPTCHA_REFRESH_MS) return;
    last.current = now;
    void refetch();
  }, [refetch]);
  return {
    enabled,
    captchaId: query.data?.captchaId,
    image: query.data?.image,
    loading: query.isFetching,
    failed: query.isError,
    refresh,
  };
}
