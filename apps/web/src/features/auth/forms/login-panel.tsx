import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Tabs } from '@/components';
import { useSiteInfo } from '@/features/system';
import { useFreePlay } from '../api/free-play';
import { showModal } from '@/lib/auth-modals';
import { errorText } from '@/lib/error-text';
import { useCaptchaState } from '../lib/use-captcha';
import { useCompleteLogin } from '../lib/use-complete-login';
import { LoginForm, type VerifyChallenge } from './login-form';
import { SmsLoginForm } from './sms-login-form';
import { VerifyLoginStep } from './verify-login-step';

type LoginType = 'username' | 'sms';

/** The login content shared by the popup and the /login page. */
export function LoginPanel({ onRegister }: { onRegister(): void }) {
  const { t } = useTranslation('auth');
  const { whitelabel } = useSiteInfo();
  const smsEnabled = whitelabel.MOBILEVERCODELOGIN3;
  const [type, setType] = useState<LoginType>('username');
  const [challenge, setChallenge] = useState<VerifyChallenge | null>(null);
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [freePlayFailure, setFreePlayFailure] = useState<string | null>(null);
  const captcha = useCaptchaState('login', captchaNeeded);
  const freePlay = useFreePlay();
  const completeLogin = useCompleteLogin();

  if (challenge) return <VerifyLoginStep challenge={challenge} onBack={() => setChallenge(null)} />;

  const startFreePlay = async () => {
    setFreePlayFailure(null);
    try {
      const result = await freePlay.mutateAsync();
      if (result.status === 'ok') completeLogin(result, { via: 'freePlay' });
      else setChallenge(result);
    } catch (error) {
      setFreePlayFailure(errorText(t, error, 'auth'));
    }
  };

  const formProps = { captcha, onCaptchaRequired: () => setCaptchaNeeded(true), onVerify: setChallenge };
  return (
    <div className="auth-panel">
      {smsEnabled ? (
        <Tabs
          label={t('login.types')}
          equalWidth
          tabs={[
            { id: 'username', label: t('login.byUsername') },
            { id: 'sms', label: t('login.bySms') },
          ]}
          activeId={type}
          onChange={(id) => setType(id as LoginType)}
        />
      ) : null}
      {type === 'sms' && smsEnabled ? <SmsLoginForm {...formProps} /> : <LoginForm {...formProps} />}
      <div className="auth-panel__links">
        <button type="button" className="auth-link" onClick={() => showModal({ kind: 'forgotPassword' })}>
          {t('login.forgot')}
        </button>
        <button type="button" className="auth-link" onClick={onRegister}>
          {t('login.toRegister')}
        </button>
      </div>
      {whitelabel.FREEPLAY3 ? (
        <>
          <Button variant="secondary" block loading={freePlay.isPending} onClick={() => void startFreePlay()}>
            {t('login.freePlay')}
          </Button>
          {freePlayFailure ? (
            <p className="auth-form__failure" role="alert">
              {freePlayFailure}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
