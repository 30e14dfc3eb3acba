import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@/components';
import { MessageDialog } from '../components/message-dialog';
import { ChangePasswordForm } from '../forms/change-password-form';
import { ForgotPasswordPanel } from '../forms/forgot-password-form';
import { LoginPanel } from '../forms/login-panel';
import { RegisterPanel } from '../forms/register-panel';
import { usePerformLogout } from '../lib/use-perform-logout';
import { closeDialog, closeModal, showModal, useAuthUi, type AuthModal } from '@/lib/auth-modals';
import '../components/auth.css';

function ChangePasswordModal({ modal }: { modal: Extract<AuthModal, { kind: 'changePassword' }> }) {
  const { t } = useTranslation('auth');
  const [done, setDone] = useState(false);
  return (
    <Modal open onClose={closeModal} title={t('password.changeTitle')} variant="dialog">
      {done ? (
        <div className="auth-panel">
          <p className="auth-form__success" role="status">
            {t('password.changed')}
          </p>
          <Button block onClick={closeModal}>
            {t('actions.confirm')}
          </Button>
        </div>
      ) : (
        <>
          {modal.options.forced ? <p className="auth-form__intro">{t('password.mustChange')}</p> : null}
          <ChangePasswordForm oldPassword={modal.options.oldPassword} onDone={() => setDone(true)} />
        </>
      )}
    </Modal>
  );
}

/** After a mobile registration, the generated account number comes first, then the welcome. */
function RegisterSuccessModal({ account }: { account: string | null }) {
  const { t } = useTranslation('auth');
  const [accountSeen, setAccountSeen] = useState(account === null);
  if (!accountSeen && account !== null) {
    return (
      <MessageDialog
        open
        title={t('register.accountTitle')}
        message={t('register.accountMessage', { account })}
        onConfirm={() => setAccountSeen(true)}
      />
    );
  }
  return (
    <MessageDialog
      open
      title={t('register.successTitle')}
      message={t('register.successMessage')}
      confirmLabel={t('register.startPlaying')}
      onConfirm={closeModal}
    />
  );
}

function LogoutConfirm() {
  const { t } = useTranslation('auth');
  const { run, pending } = usePerformLogout();
  return (
    <MessageDialog
      open
      title={t('logout.title')}
      message={t('logout.confirm')}
      confirmLabel={t('logout.submit')}
      busy={pending}
      onCancel={closeDialog}
      onConfirm={() => void run().then(closeDialog)}
    />
  );
}

/** Every auth modal and dialog, switched by the store; loaded on first use. */
export function AuthModals() {
  const { t } = useTranslation('auth');
  const { modal, dialog } = useAuthUi();
  return (
    <>
      {modal?.kind === 'login' ? (
        <Modal open onClose={closeModal} title={t('login.title')} variant="dialog">
          <LoginPanel onRegister={() => showModal({ kind: 'register' })} />
        </Modal>
      ) : null}
      {modal?.kind === 'register' ? (
        <Modal open onClose={closeModal} title={t('register.title')}>
          <RegisterPanel onLogin={() => showModal({ kind: 'login' })} />
        </Modal>
      ) : null}
      {modal?.kind === 'changePassword' ? <ChangePasswordModal modal={modal} /> : null}
      {modal?.kind === 'forgotPassword' ? (
        <Modal open onClose={closeModal} title={t('password.forgotTitle')} variant="dialog">
          <ForgotPasswordPanel />
        </Modal>
      ) : null}
      {modal?.kind === 'registerSuccess' ? <RegisterSuccessModal account={modal.account} /> : null}
      {modal?.kind === 'firstLogin' ? (
        <MessageDialog
          open
          title={t('firstLogin.title')}
          message={t('firstLogin.message')}
          onConfirm={closeModal}
        />
      ) : null}
      {dialog?.kind === 'guestWarning' ? (
        <MessageDialog
          open
          title={t('dialogs.warning')}
          message={t('in_need_true_account')}
          confirmLabel={t('in_increase_submit')}
          onConfirm={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'logoutConfirm' ? <LogoutConfirm /> : null}
    </>
  );
}
