import {
  feedbackCategories,
  FEEDBACK_TEXT_MAX,
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOAD_IMAGES_MAX,
  type FeedbackCategory,
} from '@platform/contract/client';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components';
import { ApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useSendFeedback } from '../api/send-feedback';

interface FeedbackValues {
  category: FeedbackCategory;
  text: string;
}

/** The feedback form: a category, what happened, and up to 3 png or jpg images of at most 5 MB. */
export function FeedbackForm() {
  const { t } = useTranslation('messaging');
  const errorText = useErrorText('messaging', 'errors.generic');
  const send = useSendFeedback();
  const id = useId();
  const [images, setImages] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<FeedbackValues>({ defaultValues: { category: 'other', text: '' } });
  const { errors } = form.formState;

  const pick = (files: FileList | null) => {
    const list = [...(files ?? [])];
    setImageError(null);
    if (list.length > UPLOAD_IMAGES_MAX)
      setImageError(t('feedback.tooManyImages', { max: UPLOAD_IMAGES_MAX }));
    else if (list.some((file) => !['image/png', 'image/jpeg'].includes(file.type)))
      setImageError(t('feedback.imageType'));
    else if (list.some((file) => file.size > UPLOAD_IMAGE_MAX_BYTES))
      setImageError(t('feedback.imageTooLarge', { maxMb: UPLOAD_IMAGE_MAX_BYTES / 1024 / 1024 }));
    else {
      setImages(list);
      return;
    }
    setImages([]);
  };

  const submit = form.handleSubmit((values) => {
    if (imageError) return;
    send.mutate(
      { ...values, text: values.text.trim(), images },
      {
        onSuccess: () => {
          setDone(true);
          form.reset();
          setImages([]);
        },
        onError: (error) => {
          const issue = error instanceof ApiError ? error.issues?.[0] : undefined;
          if (issue?.path.startsWith('images')) setImageError(errorText(error));
        },
      },
    );
  });

  if (done) {
    return (
      <div className="feedback-done" role="status">
        <p>{t('feedback.thanks')}</p>
        <Button variant="secondary" onClick={() => setDone(false)}>
          {t('feedback.another')}
        </Button>
      </div>
    );
  }
  return (
    <form className="feedback-form" noValidate onSubmit={(event) => void submit(event)}>
      <label className="ui-field__label" htmlFor={`${id}-category`}>
        {t('feedback.category')}
      </label>
      <select id={`${id}-category`} className="ui-field__input" {...form.register('category')}>
        {feedbackCategories.map((category) => (
          <option key={category} value={category}>
            {t(`feedback.categories.${category}`)}
          </option>
        ))}
      </select>
      <label className="ui-field__label" htmlFor={`${id}-text`}>
        {t('feedback.text')} *
      </label>
      <textarea
        id={`${id}-text`}
        className="ui-field__input feedback-form__text"
        rows={5}
        maxLength={FEEDBACK_TEXT_MAX}
        aria-invalid={errors.text ? true : undefined}
        aria-describedby={errors.text ? `${id}-text-error` : undefined}
        {...form.register('text', {
          validate: (value) => value.trim().length > 0 || 'feedback.errors.empty',
          maxLength: { value: FEEDBACK_TEXT_MAX, message: 'feedback.errors.tooLong' },
        })}
      />
      {errors.text?.message ? (
        <p id={`${id}-text-error`} className="ui-field__error">
          {t(errors.text.message, { max: FEEDBACK_TEXT_MAX })}
        </p>
      ) : null}
      <label className="ui-field__label" htmlFor={`${id}-images`}>
        {t('feedback.images', { max: UPLOAD_IMAGES_MAX })}
      </label>
      <input
        id={`${id}-images`}
        type="file"
        accept="image/png,image/jpeg"
        multiple
        onChange={(event) => pick(event.target.files)}
      />
      {imageError ? <p className="ui-field__error">{imageError}</p> : null}
      {send.isError && !imageError ? (
        <p className="ui-field__error" role="alert">
          {errorText(send.error)}
        </p>
      ) : null}
      <Button type="submit" loading={send.isPending}>
        {t('feedback.send')}
      </Button>
    </form>
  );
}
