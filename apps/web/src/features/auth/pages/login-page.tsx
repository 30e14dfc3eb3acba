import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { LoginPanel } from '../forms/login-panel';
import { useSession } from '@/lib/session';
import '../components/auth.css';

/** /login: the login form as a page (also where loginedToHomePage sends visitors). */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  useEffect(() => {
    document.title = t('login.title');
  }, [t]);
  if (isLoggedIn) return <Navigate to="/" replace />;
  return (
    <section className="auth-page" aria-labelledby="auth-login-title">
      <h1 id="auth-login-title" className="auth-page__title">
        {t('login.title')}
      </h1>
      <LoginPanel onRegister={() => void navigate('/register')} />
    </section>
  );
}
