import type { MemberInfo } from '@platform/contract/client';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, useMessageText } from '@/lib/error-text';
import { ApiError } from '@/lib/api-client';
import { useUploadAvatar } from '../api/upload-avatar';
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES, checkAvatarFile } from '../lib/avatar-file';
import { Avatar } from './avatar';

const createPreview = (file: File): string | null =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

/**
 * The member's photo with an upload button: PNG or JPG up to 2 MB, checked here before sending, shown
 * as a preview while it uploads.
 */
export function AvatarUploader({ info }: { info: MemberInfo }) {
  const { t } = useTranslation('member');
  const inputId = useId();
  const hintId = useId();
  const upload = useUploadAvatar();
  const fieldErrorText = useMessageText('member');
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  // The preview's object URL is freed when it is replaced or the page closes.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Cleared so that choosing the same file again still counts as a change.
    event.currentTarget.value = '';
    if (!file) return;
    setDone(false);
    const issue = checkAvatarFile(file);
    if (issue) {
      setProblem(t(`avatar.errors.${issue}`, { max: AVATAR_MAX_BYTES / (1024 * 1024) }));
      return;
    }
    setProblem(null);
    setPreview(createPreview(file));
    upload.mutate(file, {
      onSuccess: () => {
        setPreview(null);
        setDone(true);
      },
      onError: (error) => {
        setPreview(null);
        // The server's own reason for the file (type, size) when it gives one, else the error code's text.
        const issue =
          error instanceof ApiError ? error.issues.find((item) => item.path === 'icon') : undefined;
        if (issue) setProblem(fieldErrorText(issue.message, issue.params));
        else setProblem(errorText(t, error, 'member', 'avatar.errors.failed'));
      },
    });
  };

  const busy = upload.isPending;
  return (
    <section
      className="member-avatar-upload"
      aria-labelledby={`${inputId}-title`}
      aria-busy={busy || undefined}
    >
      <h4 id={`${inputId}-title`} className="member-form__title">
        {t('avatar.title')}
      </h4>
      <div className="member-avatar-upload__row">
        <span className="member-avatar-upload__image" data-uploading={busy || undefined}>
          <Avatar src={preview ?? info.avatarUrl} alt={t('avatar.alt')} size={96} />
          {busy ? <span className="member-avatar-upload__spinner" aria-hidden="true" /> : null}
        </span>
        <div className="member-avatar-upload__controls">
          <input
            id={inputId}
            type="file"
            className="ui-visually-hidden member-avatar-upload__input"
            accept={AVATAR_ACCEPT}
            disabled={busy}
            aria-describedby={hintId}
            onChange={onChange}
          />
          <label
            htmlFor={inputId}
            className="ui-button ui-button--secondary ui-button--md member-avatar-upload__button"
            aria-disabled={busy || undefined}
          >
            {busy ? t('avatar.uploading') : t('avatar.choose')}
          </label>
          <p id={hintId} className="member-field__hint">
            {t('avatar.hint', { max: AVATAR_MAX_BYTES / (1024 * 1024) })}
          </p>
        </div>
      </div>
      <p className="member-form__feedback" role="status">
        {done ? t('avatar.saved') : ''}
      </p>
      <p className="member-form__feedback member-form__feedback--failed" role="alert">
        {problem ?? ''}
      </p>
    </section>
  );
}
