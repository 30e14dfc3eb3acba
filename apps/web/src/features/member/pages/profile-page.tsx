import { validateField } from '@platform/contract/client';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/lib/error-text';
import { Button, Field } from '@/components';
import { useSiteInfo } from '@/features/system';
import { ApiError } from '@/lib/api-client';
import { useUpdateProfile, type UpdateProfileBody } from '../api/update-profile';
import { AvatarUploader } from '../components/avatar-uploader';
import { useMessageText } from '@/lib/error-text';
import { FALLBACK_EMAIL_RULE } from '../lib/email-rule';
import type { MemberPageProps } from '../lib/page-props';

/** The server takes 1 to 32 characters, without < or > (nor control or direction characters). */
export const NICKNAME_MAX = 32;
const NICKNAME_FORBIDDEN = /[\p{Cc}<>\u202A-\u202E\u2066-\u2069]/u;

interface ProfileValues {
  nickname: string;
  email: string;
}

/** Profile: the avatar, and the nickname and email form. */
export function ProfilePage({ info }: MemberPageProps) {
  return (
    <div className="member-page member-profile">
      <AvatarUploader info={info} />
      <ProfileForm info={info} />
    </div>
  );
}

function ProfileForm({ info }: Pick<MemberPageProps, 'info'>) {
  const { t } = useTranslation('member');
  const site = useSiteInfo();
  const fieldErrorText = useMessageText('member');
  const errorText = useErrorText('member', 'profile.saveFailed');
  const update = useUpdateProfile();
  const [feedback, setFeedback] = useState<{ kind: 'saved' | 'unchanged' | 'failed'; text: string } | null>(
    null,
  );
  const emailRule = site.register.fields.email ?? FALLBACK_EMAIL_RULE;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({
    defaultValues: { nickname: info.nickname ?? '', email: '' },
    mode: 'onTouched',
  });

  const onSubmit = async (values: ProfileValues) => {
    setFeedback(null);
    const body: UpdateProfileBody = {};
    const nickname = values.nickname.trim();
    if (nickname !== (info.nickname ?? '')) body.nickname = nickname;
    const email = values.email.trim();
    if (email) body.email = email;
    if (Object.keys(body).length === 0) {
      setFeedback({ kind: 'unchanged', text: t('profile.unchanged') });
      return;
    }
    try {
      const saved = await update.mutateAsync(body);
      reset({ nickname: saved.nickname ?? '', email: '' });
      setFeedback({ kind: 'saved', text: t('profile.saved') });
    } catch (error) {
      // Nothing typed is lost: the form keeps its values; field problems go under their fields.
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          if (issue.path === 'nickname' || issue.path === 'email') {
            setError(issue.path, { type: 'server', message: fieldErrorText(issue.message, issue.params) });
          }
        }
      }
      setFeedback({ kind: 'failed', text: errorText(error) });
    }
  };

  return (
    <form className="member-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <h4 className="member-form__title">{t('profile.formTitle')}</h4>
      <Field
        label={t('profile.nickname')}
        autoComplete="nickname"
        maxLength={NICKNAME_MAX}
        error={errors.nickname?.message ?? null}
        registration={register('nickname', {
          validate: (value) => {
            const nickname = value.trim();
            // A member who has a nickname may change it, not remove it.
            if (!nickname) return info.nickname ? fieldErrorText('validation.required') : true;
            if ([...nickname].length > NICKNAME_MAX)
              return t('profile.nicknameTooLong', { max: NICKNAME_MAX });
            if (NICKNAME_FORBIDDEN.test(nickname)) return t('profile.nicknameSymbols');
            return true;
          },
        })}
      />
      <Field
        label={t('profile.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        hint={info.email ? t('profile.emailCurrent', { email: info.email }) : t('profile.emailNone')}
        error={errors.email?.message ?? null}
        registration={register('email', {
          validate: (value) => {
            // Empty keeps the current email; anything typed must pass the operator's email rule.
            if (!value.trim()) return true;
            const problem = validateField(value, { ...emailRule, required: false });
            return problem ? fieldErrorText(problem.key, problem.params) : true;
          },
        })}
      />
      <div className="member-page__actions">
        <Button type="submit" loading={isSubmitting}>
          {t('profile.save')}
        </Button>
      </div>
      <p className="member-form__feedback" role="status">
        {feedback && feedback.kind !== 'failed' ? feedback.text : ''}
      </p>
      <p className="member-form__feedback member-form__feedback--failed" role="alert">
        {feedback?.kind === 'failed' ? feedback.text : ''}
      </p>
    </form>
  );
}
