import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField, PagedRecords, QrCode } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { formatDate } from '@/lib/dates';
import { useReferralFriends } from '../api/get-referral-friends';
import type { MemberPageProps } from '../lib/page-props';

/** The link a friend registers with; the registration page reads `referralCode` (SPEC section 2). */
export function referralLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/register?referralCode=${encodeURIComponent(code)}`;
}

/**
 * Invite friends: the member's invite link with a copy button and a QR code, and the invited friends
 * with what the operator's referral reward paid for each one's first deposit.
 */
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
      <InvitedFriends />
    </div>
  );
}

function InvitedFriends() {
  const { t, i18n } = useTranslation('member');
  const money = useMoneyFormat();
  const errorText = useErrorText('member');
  const [pageNo, setPageNo] = useState(1);
  const friends = useReferralFriends(pageNo);
  const data = friends.data;
  return (
    <section className="member-referral__friends" aria-label={t('referral.friends')}>
      <h3>{t('referral.friends')}</h3>
      {data ? (
        <p className="member-page__lead">
          {data.rateBp > 0
            ? t('referral.rewardRule', { rate: (data.rateBp / 100).toFixed(2), max: money(data.max) })
            : t('referral.rewardOff')}{' '}
          {t('referral.totalReward', { amount: money(data.totalReward) })}
        </p>
      ) : null}
      <PagedRecords
        query={friends}
        page={pageNo}
        onPageChange={setPageNo}
        loadingLabel={t('referral.loading')}
        errorText={errorText}
        empty={{ title: t('referral.noFriends'), hint: t('referral.noFriendsHint') }}
      >
        {(list) => (
          <table className="member-referral__table">
            <thead>
              <tr>
                <th scope="col">{t('referral.friend')}</th>
                <th scope="col">{t('referral.joined')}</th>
                <th scope="col">{t('referral.firstDeposit')}</th>
                <th scope="col">{t('referral.reward')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((row) => (
                <tr key={row.username}>
                  <td>{row.username}</td>
                  <td>{formatDate(row.joinedAt, i18n.language)}</td>
                  <td>{row.firstDeposit ? money(row.firstDeposit) : t('referral.noDeposit')}</td>
                  <td>{row.reward ? money(row.reward) : t('referral.notPaid')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedRecords>
    </section>
  );
}
