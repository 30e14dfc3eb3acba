import type { MemberInfo } from '@platform/contract/client';
import { Suspense, useId, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, ErrorState, Modal, Spinner } from '@/components';
import {
  BonusDetailsPage,
  DepositPage,
  TransactionHistoryPage,
  WalletPage,
  WithdrawPage,
} from '@/features/wallet';
import { useErrorText } from '@/lib/error-text';
import { lazyNamed } from '@/lib/lazy';
import { useMemberInfo } from '@/features/auth';
import { useUnreadCount } from '../api/get-unread-count';
import { memberCentrePages, type MemberCentrePage } from '../lib/pages';
import type { MemberPageProps } from '../lib/page-props';
import { Avatar } from './avatar';
import { ClubChip } from './club-chip';
import './member-centre.css';

/** The pages built so far; every other page shows its frame and says it is coming soon. */
const builtPages: Partial<Record<MemberCentrePage, ComponentType<MemberPageProps>>> = {
  securityCenter: lazyNamed(() => import('../pages/security-center-page'), 'SecurityCenterPage'),
  profile: lazyNamed(() => import('../pages/profile-page'), 'ProfilePage'),
  referral: lazyNamed(() => import('../pages/referral-page'), 'ReferralPage'),
  messageV2: lazyNamed(() => import('../pages/messages-page'), 'MessagesPage'),
  transferFund: WalletPage,
  depositv2: DepositPage,
  withdraw: WithdrawPage,
  transactionHistory: TransactionHistoryPage,
  bonusDetails: BonusDetailsPage,
};

/**
 * HOOK POINT (missions issue): the number of open missions, shown as a badge on missionLeaderboard
 * when above 0. There is no missions call yet, so there is no badge.
 */
const useOpenMissionCount = (): number => 0;

export interface MemberCentreProps {
  open: boolean;
  page: MemberCentrePage;
  onNavigate(page: MemberCentrePage): void;
  onClose(): void;
}

/** The member centre (SPEC section 2): a fullscreen dialog on phones, a large panel on wider screens. */
export function MemberCentre({ open, page: current, onNavigate, onClose }: MemberCentreProps) {
  const { t } = useTranslation('member');
  const errorText = useErrorText('member', 'centre.loadFailed');
  const info = useMemberInfo();
  let body;
  if (info.data) {
    body = <CentreBody info={info.data} page={current} onNavigate={onNavigate} />;
  } else if (info.isError) {
    body = <ErrorState message={errorText(info.error)} onRetry={() => void info.refetch()} />;
  } else {
    // Renders only once the member's info has loaded (SPEC section 2).
    body = <Spinner label={t('centre.loading')} />;
  }
  return (
    <Modal open={open} onClose={onClose} title={t('centre.title')} variant="fullscreen">
      <div className="member-centre" data-loaded={info.data ? 'true' : 'false'}>
        {body}
      </div>
    </Modal>
  );
}

function CentreBody({ info, page: current, onNavigate }: MemberPageProps & { page: MemberCentrePage }) {
  const { t } = useTranslation('member');
  const headingId = useId();
  const { data: unread = 0 } = useUnreadCount();
  const openMissions = useOpenMissionCount();
  const badges: Partial<Record<MemberCentrePage, { count: number; label: string }>> = {};
  if (openMissions > 0) {
    badges.missionLeaderboard = {
      count: openMissions,
      label: t('centre.openMissions', { count: openMissions }),
    };
  }
  if (unread > 0) badges.messageV2 = { count: unread, label: t('centre.unread', { count: unread }) };
  const Page = builtPages[current];
  return (
    <div className="member-centre__layout">
      <aside className="member-centre__aside">
        <MemberSummary info={info} />
        <nav className="centre-menu" aria-label={t('centre.menu')}>
          <ul className="centre-menu__list">
            {memberCentrePages.map((entry) => {
              const badge = badges[entry];
              return (
                <li key={entry}>
                  <button
                    type="button"
                    className="centre-menu__item"
                    aria-current={entry === current ? 'page' : undefined}
                    onClick={() => onNavigate(entry)}
                  >
                    <span className="centre-menu__label">{t(`pages.${entry}`)}</span>
                    {badge ? (
                      <>
                        <span className="centre-menu__badge" aria-hidden="true">
                          {badge.count > 99 ? '99+' : badge.count}
                        </span>
                        <span className="ui-visually-hidden">{`, ${badge.label}`}</span>
                      </>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <section className="member-centre__page" aria-labelledby={headingId}>
        <h3 id={headingId} className="member-centre__page-title">
          {t(`pages.${current}`)}
        </h3>
        {Page ? (
          <Suspense fallback={<Spinner label={t('centre.loading')} />}>
            <Page info={info} onNavigate={onNavigate} />
          </Suspense>
        ) : (
          <Empty title={t('centre.comingSoon')} hint={t('centre.comingSoonHint')} />
        )}
      </section>
    </div>
  );
}

function MemberSummary({ info }: { info: MemberInfo }) {
  const { t } = useTranslation('member');
  return (
    <div className="member-summary">
      <Avatar src={info.avatarUrl} alt={t('avatar.alt')} size={48} />
      <div className="member-summary__text">
        <p className="member-summary__name">{info.nickname || info.userName}</p>
        <p className="member-summary__account">{t('summary.account', { account: info.account })}</p>
      </div>
      <ClubChip label={info.clubLabel} />
    </div>
  );
}
