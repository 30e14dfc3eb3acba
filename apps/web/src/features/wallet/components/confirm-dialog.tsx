import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/components';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
  /** translated error from the last try, shown above the buttons */
  error?: string | null;
}

/** The step before money moves: says exactly what will happen and waits for a second click. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  error,
}: ConfirmDialogProps) {
  const { t } = useTranslation('wallet');
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      variant="dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('confirm.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="wallet-confirm">{children}</div>
      {error ? (
        <p className="wallet-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
