import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/components';

export interface MessageDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  onConfirm(): void;
  /** with a cancel button: a question rather than a notice */
  onCancel?: () => void;
  busy?: boolean;
}

/** A small warning or confirmation dialog (SPEC section 8: invitation code, SMS failure, guest, logout). */
export function MessageDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
}: MessageDialogProps) {
  const { t } = useTranslation('auth');
  return (
    <Modal
      open={open}
      onClose={onCancel ?? onConfirm}
      title={title}
      variant="dialog"
      footer={
        <div className="auth-dialog__actions">
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
          ) : null}
          <Button onClick={onConfirm} loading={busy}>
            {confirmLabel ?? t('actions.confirm')}
          </Button>
        </div>
      }
    >
      <p className="auth-dialog__message">{message}</p>
    </Modal>
  );
}
