import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '@/lib/error-text';
import { Button, Tabs, Field } from '@/components';
import { useSendVerifyLoginSms } from '../api/send-verify-login-sms';
import { useVerifyLogin } from '../api/verify-login';
import { MessageDialog } from '../components/message-dialog';
import { SmsCodeField } from '../components/sms-code-field';
import { errorText } from '@/lib/error-text';
import { rulesResolver } from '@/lib/form-resolver';
import { IssueList } from '../lib/rules';
import { useCompleteLogin } from '../lib/use-complete-login';
import { useSmsCountdown } from '../lib/use-sms-countdown';
import type { VerifyChallenge } from './login-form';

type Method = VerifyChallenge['methods'][number];
interface VerifyValues {
  answer: string;
}

/**
 * SPEC section 4: a login from an address the member never used asks one more proof: a code sent to
 * the mobile, a code sent to the bound email, the bank account name, or the authenticator code.
 */
export function VerifyLoginStep({ challenge, onBack }: { challenge: VerifyChallenge; onBack(): void }) {
  const { t } = useTranslation('auth');
  const fieldText = useFieldErrorText('auth');
  const [method, setMethod] = useState<Method>(challenge.methods[0] ?? 'mobile');
  const [failure, setFailure] = useState<string | null>(null);
  const [smsFailure, setSmsFailure] = useState<string | null>(null);
  const verify = useVerifyLogin();
  const sendSms = useSendVerifyLoginSms();
  const completeLogin = useCompleteLogin();
  const countdown = useSmsCountdown((error: unknown) => setSmsFailure(errorText(t, error, 'auth')));
  const form = useForm<VerifyValues>({
    defaultValues: { answer: '' },
    resolver: rulesResolver((values: VerifyValues) => {
      const list = new IssueList();
      list.required('answer', values.answer);
      return list.issues;
    }),
  });

  const submit = form.handleSubmit(async ({ answer }) => {
    setFailure(null);
    try {
      const result = await verify.mutateAsync({
        challengeId: challenge.challengeId,
        method,
        answer: answer.trim(),
      });
      if (result.status === 'ok') completeLogin(result, { via: 'verify' });
      else setFailure(t('verify.again'));
    } catch (error) {
      setFailure(errorText(t, error, 'auth'));
    }
  });

  const hint =
    method === 'mobile'
      ? t('verify.hintMobile', { target: challenge.maskedMobile ?? '' })
      : method === 'email'
        ? t('verify.hintEmail', { target: challenge.maskedEmail ?? '' })
        : t(`verify.hint.${method}`);

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="auth-form__intro">{t('verify.intro')}</p>
      {challenge.methods.length > 1 ? (
        <Tabs
          label={t('verify.methods')}
          tabs={challenge.methods.map((id) => ({ id, label: t(`verify.method.${id}`) }))}
          activeId={method}
          onChange={(id) => {
            setMethod(id as Method);
            form.reset({ answer: '' });
          }}
        />
      ) : null}
      <p className="auth-form__hint">{hint}</p>
      {method === 'mobile' ? (
        <SmsCodeField
          label={t('verify.method.mobile')}
          countdown={countdown}
          onSend={() =>
            void countdown.trigger(() => sendSms.mutateAsync({ challengeId: challenge.challengeId }))
          }
          error={fieldText(form.formState.errors.answer)}
          registration={form.register('answer')}
        />
      ) : (
        <Field
          labelAs="placeholder"
          label={t(`verify.method.${method}`)}
          required
          autoComplete="one-time-code"
          error={fieldText(form.formState.errors.answer)}
          registration={form.register('answer')}
        />
      )}
      {failure ? (
        <p className="auth-form__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <Button type="submit" block loading={verify.isPending}>
        {t('verify.submit')}
      </Button>
      <Button variant="ghost" block onClick={onBack}>
        {t('verify.back')}
      </Button>
      <MessageDialog
        open={smsFailure !== null}
        title={t('sms.failedTitle')}
        message={smsFailure ?? ''}
        onConfirm={() => setSmsFailure(null)}
      />
    </form>
  );
}
