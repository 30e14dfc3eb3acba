import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, Empty } from '@/components';
import { useRequireLogin, useSession } from '@/features/auth';
import { LoyaltyTabs } from '../components/loyalty-tabs';
import { MallGrid } from '../components/mall-grid';
import { PointsPanel } from '../components/points-panel';
import { RedeemRecords } from '../components/redeem-records';
import '../components/loyalty.css';

const TABS = ['mall', 'points', 'records'] as const;

/** /pointMall: the shelf, my points (balance, conversion, history) and my redeem records; `?tab=` deep-links. */
export function PointMallPage() {
  const { t } = useTranslation('loyalty');
  const session = useSession();
  const requireLogin = useRequireLogin();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const active = TABS.find((tab) => tab === asked) ?? 'mall';
  return (
    <section className="page loyalty-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {t('mall.title')}
      </h1>
      {session.isLoggedIn ? (
        <LoyaltyTabs
          label={t('mall.tabs')}
          active={active}
          onChange={(id) => {
            const next = new URLSearchParams(search);
            next.set('tab', id);
            setSearch(next, { replace: true });
          }}
          tabs={[
            { id: 'mall', label: t('tabs.mall'), render: () => <MallGrid /> },
            { id: 'points', label: t('tabs.points'), render: () => <PointsPanel /> },
            { id: 'records', label: t('tabs.records'), render: () => <RedeemRecords /> },
          ]}
        />
      ) : (
        <div className="card loyalty-guest">
          <Empty title={t('mall.guestTitle')} hint={t('mall.guestHint')} />
          <Button onClick={() => requireLogin(() => undefined)}>{t('mall.logIn')}</Button>
        </div>
      )}
    </section>
  );
}
