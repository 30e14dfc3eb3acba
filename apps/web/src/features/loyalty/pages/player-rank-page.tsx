import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoyaltyTabs } from '../components/loyalty-tabs';
import { PointsPanel } from '../components/points-panel';
import { RankView } from '../components/rank-view';
import { RedeemRecords } from '../components/redeem-records';
import '../components/loyalty.css';

/** The member centre's playerRank: the rank and its progress, my points, my redeem records. */
export function PlayerRankPage() {
  const { t } = useTranslation('loyalty');
  const [active, setActive] = useState('rank');
  return (
    <div className="member-page loyalty-centre">
      <LoyaltyTabs
        label={t('rank.tabs')}
        active={active}
        onChange={setActive}
        tabs={[
          { id: 'rank', label: t('tabs.rank'), render: () => <RankView /> },
          { id: 'points', label: t('tabs.points'), render: () => <PointsPanel /> },
          { id: 'records', label: t('tabs.records'), render: () => <RedeemRecords /> },
        ]}
      />
      <Link className="link-button link-button--outline loyalty-mall-link" to="/pointMall">
        {t('rank.toMall')}
      </Link>
    </div>
  );
}
