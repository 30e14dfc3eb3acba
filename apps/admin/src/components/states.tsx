import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** Loading, as a polite live region, so a screen reader hears that something is on its way. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="muted">
      {label ?? t('app.loading')}
    </p>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <p>{message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('grid.retry')}
        </Button>
      ) : null}
    </div>
  );
}
