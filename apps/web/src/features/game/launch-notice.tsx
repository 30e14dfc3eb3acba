import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/components';

/** A launch that could not open its game says why (popup blocked, invalid address, failure). */
export function LaunchNotice({ message, onClose }: { message: string | null; onClose(): void }) {
  const { t } = useTranslation('game');
  return (
    <Modal
      open={message !== null}
      onClose={onClose}
      title={t('frame.title')}
      variant="dialog"
      footer={<Button onClick={onClose}>{t('launch.ok')}</Button>}
    >
      <p role="alert">{message}</p>
    </Modal>
  );
}
