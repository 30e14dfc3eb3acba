import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, Spinner } from '@/components';
import { useAuthModals, useSession } from '@/features/auth';
import { lazyNamed } from '@/lib/lazy';
import '../components/messaging.css';

const FeedbackForm = lazyNamed(() => import('../forms/feedback-form'), 'FeedbackForm');

/** /feedback: the feedback form for members (SPEC section 7's PUT /wps/feedback); a visitor logs in first. */
export function FeedbackPage() {
  const { t } = useTranslation('messaging');
  const { isLoggedIn } = useSession();
  const { openLogin } = useAuthModals();
  useEffect(() => {
    if (!isLoggedIn) openLogin();
  }, [isLoggedIn, openLogin]);
  return (
    <section className="chat-page" aria-labelledby="feedback-title">
      <h1 id="feedback-title" className="chat-page__title">
        {t('feedback.title')}
      </h1>
      {isLoggedIn ? (
        <Suspense fallback={<Spinner label={t('chat.loading')} />}>
          <FeedbackForm />
        </Suspense>
      ) : (
        <Empty
          title={t('feedback.loginTitle')}
          action={<Button onClick={openLogin}>{t('chat.login')}</Button>}
        />
      )}
    </section>
  );
}
