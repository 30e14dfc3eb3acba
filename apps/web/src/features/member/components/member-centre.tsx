import type { MemberInfo } from '@platform/contract/client';
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CentreOverlay, Empty, ErrorState, Spinner, type CentreBadge } from '@/components';
import { useErrorText } from '@/lib/error-text';
import { lazyNamed } from '@/lib/lazy';
import { useMemberInfo } from '@/features/auth';
import { useOpenMissionCount } from '@/features/missions';
import { useUnreadCount } from '../api/get-unread-count';
import { memberCentrePages, type MemberCentrePage } from '../lib/pages';
import type { MemberPageProps } from '../lib/page-props';
import { Avatar } from './avatar';
import { ClubChip } from './club-chip';
import './member-centre.css';

/** Pages from other features, handed in by the app (features do not import each other's pages). */
export type ComposedMemberPages = Partial<Record<MemberCentrePage, ComponentType<MemberPageProps>>>;

/** This feature's own pages; every page without one shows its frame and says it is coming soon. */
const ownPages: ComposedMemberPages = {
  securityCenter: lazyNamed(() => import('../pages/security-center-page'), 'SecurityCenterPage'),
  profile: lazyNamed(() => import('../pages/profile-page'), 'ProfilePage'),
  referral: lazyNamed(() => import('../pages/referral-page'), 'ReferralPage'),
};

export interface MemberCentreProps {
  open: boolean;
  page: MemberCentrePage;
  /** pages of other features (wallet ...), composed by the app */
  pages: ComposedMemberPages;
  onNavigate(page: MemberCentrePage): void;
  onClose(): void;
}

/** The member centre (SPEC section 2) in the shared centre overlay; renders once the member has loaded. */
export function MemberCentre({ open, page: current, pages, onNavigate, onClose }: MemberCentreProps) {
  const { t } = useTranslation('member');
  const errorText = useErrorText('member', 'centre.loadFailed');
  const info = useMemberInfo();
  const { data: unread = 0 } = useUnreadCount();
  const openMissions = useOpenMissionCount();
  const badges: Partial<Record<MemberCentrePage, CentreBadge>> = {};
  if (openMissions > 0) {
    badges.missionLeaderboard = {
      count: openMissions,
      label: t('centre.openMissions', { count: openMissions }),
    };
  }
  if (unread > 0) badges.messageV2 = { count: unread, label: t('centre.unread', { count: unread }) };

  let body;
  if (info.data) {
    const Page = pages[current] ?? ownPages[current];
    body = Page ? (
      <Suspense fallback={<Spinner label={t('centre.loading')} />}>
        <Page info={info.data} onNavigate={onNavigate} />
      </Suspense>
    ) : (
      <Empty title={t('centre.comingSoon')} hint={t('centre.comingSoonHint')} />
    );
  } else if (info.isError) {
    body = <ErrorState message={errorText(info.error)} onRetry={() => void info.refetch()} />;
  } else {
    // Renders only once the member's info has loaded (SPEC section 2).
    body = <Spinner label={t('centre.loading')} />;
  }
  return (
    <CentreOverlay
      open={open}
      onClose={onClose}
      title={t('centre.title')}
      menuLabel={t('centre.menu')}
      entries={memberCentrePages}
      current={current}
      entryLabel={(entry) => t(`pages.${entry}`)}
      onNavigate={onNavigate}
      badges={badges}
      header={info.data ? <MemberSummary info={info.data} /> : null}
      ready={!!info.data}
    >
      {body}
    </CentreOverlay>
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
