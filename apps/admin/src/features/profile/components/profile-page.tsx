import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/app/use-page-title';
import { Button } from '@/components/button';
import { ErrorState, Loading } from '@/components/states';
import { useLogoutEverywhere, useMe, useSignIns } from '../api/profile';
import { featureError, siteDateTime } from '../lib/common';
import { Modal } from './modal';
import { TotpEnrolment } from './totp-enrolment';
import './profile.css';

/** Shortens a browser's user agent to its product names, the whole text kept as the title. */
function browserOf(userAgent: string | null): string {
  if (!userAgent) return '—';
  const match = /(Edg|OPR|Firefox|Chrome|Chromium|HeadlessChrome|Safari)\/[\d.]+/.exec(userAgent);
  const os = /\(([^;)]+)/.exec(userAgent)?.[1];
  return match ? `${match[0]}${os ? ` · ${os}` : ''}` : userAgent.slice(0, 60);
}

/** My profile (any role): my roles, this session's limits, my sign-ins, log out everywhere, two-factor. */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('profile.title'));
  const me = useMe();
  const signIns = useSignIns();
  const everywhere = useLogoutEverywhere();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const logOutEverywhere = async () => {
    setFailure(null);
    try {
      await everywhere.mutateAsync();
    } catch (error) {
      setConfirming(false);
      setFailure(featureError(t, error, 'profile'));
    }
  };

  return (
    <>
      <h1 tabIndex={-1}>{t('profile.title')}</h1>
      {me.status === 'pending' ? <Loading /> : null}
      {me.status === 'error' ? (
        <ErrorState message={featureError(t, me.error, 'profile')} onRetry={() => void me.refetch()} />
      ) : null}
      {me.data ? (
        <section className="page-card profile-card" aria-labelledby="profile-session">
          <h2 id="profile-session">{t('profile.session')}</h2>
          <dl className="profile-facts">
            <dt>{t('profile.username')}</dt>
            <dd>{me.data.username}</dd>
            <dt>{t('profile.roles')}</dt>
            <dd>{me.data.roles.map((role) => t(`roles.${role}`)).join(', ')}</dd>
            <dt>{t('profile.expiresAt')}</dt>
            <dd>{siteDateTime(me.data.expiresAt, i18n.language)}</dd>
            <dt>{t('profile.idle')}</dt>
            <dd>{t('profile.idleMinutes', { count: me.data.idleMinutes })}</dd>
          </dl>
          {failure ? (
            <p role="alert" className="profile-failure">
              {failure}
            </p>
          ) : null}
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('profile.everywhere')}
          </Button>
        </section>
      ) : null}

      {me.data ? (
        <section className="page-card profile-card" aria-labelledby="profile-totp">
          <h2 id="profile-totp">{t('profile.totp.title')}</h2>
          {me.data.totpEnrolled ? <p role="status">{t('profile.totp.on')}</p> : <TotpEnrolment />}
        </section>
      ) : null}

      <section className="page-card profile-card" aria-labelledby="profile-sign-ins">
        <h2 id="profile-sign-ins">{t('profile.signIns.title')}</h2>
        {signIns.status === 'pending' ? <Loading /> : null}
        {signIns.status === 'error' ? (
          <ErrorState
            message={featureError(t, signIns.error, 'profile')}
            onRetry={() => void signIns.refetch()}
          />
        ) : null}
        {signIns.data && signIns.data.length === 0 ? <p>{t('profile.signIns.none')}</p> : null}
        {signIns.data && signIns.data.length > 0 ? (
          <div className="profile-table">
            <table>
              <caption className="visually-hidden">{t('profile.signIns.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('profile.signIns.when')}</th>
                  <th scope="col">{t('profile.signIns.address')}</th>
                  <th scope="col">{t('profile.signIns.browser')}</th>
                  <th scope="col">{t('profile.signIns.state')}</th>
                </tr>
              </thead>
              <tbody>
                {signIns.data.map((one, index) => (
                  <tr key={`${one.at}-${index}`} className={one.current ? 'profile-current' : undefined}>
                    <td>{siteDateTime(one.at, i18n.language)}</td>
                    <td>{one.ip ?? '—'}</td>
                    <td title={one.userAgent ?? undefined}>{browserOf(one.userAgent)}</td>
                    <td>
                      {t(`profile.signIns.states.${one.state}`)}
                      {one.current ? <strong> · {t('profile.signIns.current')}</strong> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      {confirming ? (
        <Modal title={t('profile.everywhereTitle')} onClose={() => setConfirming(false)}>
          <p>{t('profile.everywhereBody')}</p>
          <Button onClick={() => void logOutEverywhere()} disabled={everywhere.isPending}>
            {t('profile.everywhereYes')}
          </Button>{' '}
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('profile.cancel')}
          </Button>
        </Modal>
      ) : null}
    </>
  );
}
