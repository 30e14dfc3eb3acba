import { useTranslation } from 'react-i18next';
import { CopyField, QrCode } from '@/components';
import type { MemberPageProps } from '../lib/page-props';

/** The link a friend registers with; the registration page reads `referralCode` (SPEC section 2). */
export function referralLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/register?referralCode=${encodeURIComponent(code)}`;
}

/** Invite friends: the member's invite link with a copy button and a QR code. */
export function ReferralPage({ info }: MemberPageProps) {
  const { t } = useTranslation('member');
  const link = referralLink(info.referralCode);
  return (
    <div className="member-page member-referral">
      <p className="member-page__lead">{t('referral.lead')}</p>
      <CopyField label={t('referral.link')} value={link} />
      <CopyField label={t('referral.code')} value={info.referralCode} />
      <figure className="member-referral__qr">
        <QrCode value={link} size={200} margin={20} level="M" title={t('referral.qrTitle')} />
        <figcaption>{t('referral.qrHint')}</figcaption>
      </figure>
    </div>
  );
}
