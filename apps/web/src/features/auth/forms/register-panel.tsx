import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '@/components';
import { useSiteInfo } from '@/features/system';
import { useAffiliateCheck } from '../api/check-affiliate';
import { MessageDialog } from '../components/message-dialog';
import type { RegisterMode } from '../lib/rules';
import { RegisterForm } from './register-form';

export interface RegisterPanelProps {
  /** the modal offers a switch to login */
  onLogin?: () => void;
  withReset?: boolean;
}

/** The registration content shared by the modal and the page. */
export function RegisterPanel({ onLogin, withReset = false }: RegisterPanelProps) {
  const { t } = useTranslation('auth');
  const { whitelabel, register } = useSiteInfo();
  const [search] = useSearchParams();
  const referralCode = search.get('referralCode');
  const urlAffiliateCode = search.get('affiliateCode')?.trim() || null;
  const check = useAffiliateCheck(urlAffiliateCode, window.location.hostname);
  const urlCodeFailed = !!urlAffiliateCode && (check.isError || check.data?.valid === false);
  const [invalidInvitation, setInvalidInvitation] = useState(false);
  // The URL code's failed check warns once; a typed code that fails warns each time.
  const [urlWarningSeen, setUrlWarningSeen] = useState(false);
  const warningOpen = invalidInvitation || (urlCodeFailed && !urlWarningSeen);

  const modes: RegisterMode[] = whitelabel.MOBILENUMREG3
    ? whitelabel.USERNAMEREG3
      ? ['register', 'registerMobile']
      : ['registerMobile']
    : ['register'];
  const [mode, setMode] = useState<RegisterMode>(modes[0] ?? 'register');
  const active = modes.includes(mode) ? mode : (modes[0] ?? 'register');
  const showAffiliate = (!urlAffiliateCode && register.fields.affiliateCode.enabled) || urlCodeFailed;

  return (
    <div className="auth-panel">
      {whitelabel.MOBILENUMREG3 ? (
        <Tabs
          label={t('register.types')}
          equalWidth
          tabs={modes.map((id) => ({ id, label: t(`register.tab.${id}`) }))}
          activeId={active}
          onChange={(id) => setMode(id as RegisterMode)}
        />
      ) : null}
      <RegisterForm
        key={active}
        mode={active}
        urlAffiliateCode={urlCodeFailed ? null : urlAffiliateCode}
        showAffiliate={showAffiliate}
        referralCode={referralCode}
        onInvalidInvitation={() => setInvalidInvitation(true)}
        withReset={withReset}
      />
      {onLogin ? (
        <p className="auth-panel__switch">
          {t('register.haveAccount')}{' '}
          <button type="button" className="auth-link" onClick={onLogin}>
            {t('register.toLogin')}
          </button>
        </p>
      ) : null}
      <MessageDialog
        open={warningOpen}
        title={t('dialogs.warning')}
        message={t('invitation_code_error')}
        onConfirm={() => {
          setInvalidInvitation(false);
          if (urlCodeFailed) setUrlWarningSeen(true);
        }}
      />
    </div>
  );
}
