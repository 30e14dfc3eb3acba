import { useTranslation } from 'react-i18next';
import { Empty, Modal } from '@/components';

/** Platform messages arrive with the messaging issue; until then the entry says so honestly. */
export function MessagesPlaceholderModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('pages.messages')} variant="dialog">
      <Empty title={t('pages.comingSoon')} hint={t('pages.comingSoonHint')} />
    </Modal>
  );
}
