import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components';
import { useAuthModals } from '@/features/auth';
import { ClubChip } from '../components/club-chip';
import { formatDateTime, formatInstant } from '@/lib/dates';
import type { MemberPageProps } from '../lib/page-props';

/** "My account": who the member is, how they last logged in, and the way to change password or profile. */
export function SecurityCenterPage({ info, onNavigate }: MemberPageProps) {
  const { t, i18n } = useTranslation('member');
  const { openChangePassword } = useAuthModals();
  const notSet = <span className="member-details__unset">{t('account.notSet')}</span>;
  const mobile = info.mobileNum
    ? `${info.countryDialingCode ? `+${info.countryDialingCode} ` : ''}${info.mobileNum}`
    : null;
  const rows: [string, ReactNode][] = [
    [t('account.accountNumber'), info.account],
    [t('account.username'), info.userName],
    [t('account.nickname'), info.nickname || notSet],
    [t('account.mobile'), mobile ?? notSet],
    [t('account.email'), info.email || notSet],
    [t('account.rank'), <ClubChip key="rank" label={info.clubLabel} />],
    [t('account.lastLogin'), info.lastLoginAt ? formatDateTime(info.lastLoginAt, i18n.language) : notSet],
    [t('account.lastLoginIp'), info.lastLoginIp || notSet],
    [t('account.memberSince'), formatInstant(info.createdAt, i18n.language, 'longDate')],
  ];
  return (
    <div className="member-page">
      <dl className="member-details">
        {rows.map(([label, value]) => (
          <div key={label} className="member-details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="member-page__actions">
        <Button onClick={() => openChangePassword()}>{t('account.changePassword')}</Button>
        <Button variant="secondary" onClick={() => onNavigate('profile')}>
          {t('account.editProfile')}
        </Button>
      </div>
    </div>
  );
}
