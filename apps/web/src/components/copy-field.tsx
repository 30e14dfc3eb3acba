import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import './copy-field.css';

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* blocked (no permission, not a secure page): try the old way */
  }
  if (!input) return false;
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

export interface CopyFieldProps {
  label: string;
  value: string;
  /** stands out, e.g. the reference a member must write on a bank transfer */
  emphasis?: boolean;
}

/** A read-only value with a copy button; says (to screen readers too) whether the copy worked. */
export function CopyField({ label, value, emphasis = false }: CopyFieldProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(() => setResult(null), 3000);
    return () => window.clearTimeout(timer);
  }, [result]);
  return (
    <div className={`ui-copy${emphasis ? ' ui-copy--emphasis' : ''}`}>
      <label htmlFor={id} className="ui-copy__label">
        {label}
      </label>
      <div className="ui-copy__row">
        <input
          ref={inputRef}
          id={id}
          className="ui-copy__input"
          value={value}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          variant="secondary"
          aria-label={t('copy.buttonLabel', { label })}
          onClick={() =>
            void copyText(value, inputRef.current).then((ok) => setResult(ok ? 'copied' : 'failed'))
          }
        >
          {t('copy.button')}
        </Button>
      </div>
      <p className="ui-copy__status" role="status">
        {result === 'copied' ? t('copy.copied') : result === 'failed' ? t('copy.failed') : ''}
      </p>
    </div>
  );
}
