import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  title: string;
  summary: string;
  confirmLabel: string;
  error?: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" before money moves: the sentence says what, the button says the action. */
export function ConfirmDialog({
  title,
  summary,
  confirmLabel,
  error,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{summary}</p>
      {error ? (
        <p role="alert" className="queue-error">
          {error}
        </p>
      ) : null}
      <div className="queue-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('queues.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={busy}>
          {busy ? t('queues.working') : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
