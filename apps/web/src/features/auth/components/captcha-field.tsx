import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { CaptchaState } from '../lib/use-captcha';
import { Field } from '@/components';

export interface CaptchaFieldProps {
  captcha: CaptchaState;
  error: string | null;
  registration: UseFormRegisterReturn;
}

/** The captcha answer with its image; clicking the image or the button gets a new one. */
export function CaptchaField({ captcha, error, registration }: CaptchaFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <Field
      labelAs="placeholder"
      label={t('fields.captcha')}
      required
      error={error}
      registration={registration}
      autoComplete="off"
      inputMode="text"
      maxLength={16}
      addon={
        <span className="auth-captcha">
          {captcha.image ? (
            <img
              className="auth-captcha__image"
              src={`data:image/png;base64,${captcha.image}`}
              alt={t('captcha.alt')}
              width={100}
              height={40}
              onClick={captcha.refresh}
            />
          ) : (
            <span className="auth-captcha__image auth-captcha__image--empty" aria-hidden="true">
              {captcha.failed ? '!' : '…'}
            </span>
          )}
          <button
            type="button"
            className="auth-captcha__refresh"
            aria-label={t('captcha.refresh')}
            title={t('captcha.refresh')}
            onClick={captcha.refresh}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4h-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </span>
      }
    />
  );
}
