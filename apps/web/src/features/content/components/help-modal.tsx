import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components';
import { HelpCenterView } from './help-center';

export interface HelpModalProps {
  open: boolean;
  onClose(): void;
}

export function HelpModal({ open, onClose }: HelpModalProps) {
  const { t } = useTranslation('content');
  const [articleId, setArticleId] = useState<string | null>(null);
  return (
    <Modal
      open={open}
      onClose={() => {
        setArticleId(null);
        onClose();
      }}
      title={t('help.title')}
    >
      <HelpCenterView layout="modal" articleId={articleId} onArticleChange={setArticleId} enabled={open} />
    </Modal>
  );
}
