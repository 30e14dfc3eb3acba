import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PromotionCarousel } from '@/features/content';
import { WelcomeBonus } from '../components/welcome-bonus';
import { RegisterPanel } from '../forms/register-panel';
import '../components/auth.css';

/** /register and /register.html: 'create account' with the new-player promotions (SPEC section 2). */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  useEffect(() => {
    document.title = t('register.pageTitle');
  }, [t]);
  return (
    <section className="auth-page auth-page--register" aria-labelledby="auth-register-title">
      <h1 id="auth-register-title" className="auth-page__title">
        {t('register.pageTitle')}
      </h1>
      <WelcomeBonus className="auth-page__subtitle" />
      <RegisterPanel withReset />
      {/* After the form: above it, with the banner strip, it pushed the submit button off a phone's screen. */}
      <PromotionCarousel category="new_player" />
      <Link className="auth-page__home" to="/">
        {t('register.backHome')}
      </Link>
    </section>
  );
}
