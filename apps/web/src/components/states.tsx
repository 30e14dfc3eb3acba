import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import './states.css';

export interface EmptyProps {
  title: string;
  hint?: string;
  /** a way on from the empty state (a link back, another filter) */
  action?: ReactNode;
}

export function Empty({ title, hint, action }: EmptyProps) {
  return (
    <div className="ui-state ui-state--empty">
      <svg className="ui-state__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <rect x="8" y="14" width="32" height="24" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M8 24h10l2 4h8l2-4h10" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <p className="ui-state__title">{title}</p>
      {hint ? <p className="ui-state__hint">{hint}</p> : null}
      {action}
    </div>
  );
}

export interface SpinnerProps {
  /** read by screen readers, e.g. "Loading" */
  label: string;
}

export function Spinner({ label }: SpinnerProps) {
  return (
    <div className="ui-state ui-state--loading" role="status">
      <span className="ui-spinner" aria-hidden="true" />
      <span className="ui-visually-hidden">{label}</span>
    </div>
  );
}

export interface ErrorStateProps {
  message: string;
  onRetry?(): void;
}

export function ErrorState({ message, onRetry }: ErrorStateProps) {
  const { t } = useTranslation('content');
  return (
    <div className="ui-state ui-state--error" role="alert">
      <p className="ui-state__title">{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('ui.retry')}
        </Button>
      ) : null}
    </div>
  );
}
