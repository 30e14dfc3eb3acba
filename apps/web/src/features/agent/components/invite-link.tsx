import { useTranslation } from 'react-i18next';
import { CopyField, QrCode } from '@/components';

/** The agent's invite link (/register?affiliateCode=...) with its QR code (SPEC section 9: 200 px, M). */
export function InviteLink({ code }: { code: string }) {
  const { t } = useTranslation('agent');
  const link = `${window.location.origin}/register?affiliateCode=${encodeURIComponent(code)}`;
  return (
    <section className="agent-card agent-invite" aria-label={t('invite.title')}>
      <h3 className="agent-card__title">{t('invite.title')}</h3>
      <p className="agent-muted">{t('invite.hint')}</p>
      <CopyField label={t('invite.code')} value={code} />
      <CopyField label={t('invite.link')} value={link} />
      <QrCode value={link} size={200} margin={20} level="M" title={t('invite.qr')} />
    </section>
  );
}
