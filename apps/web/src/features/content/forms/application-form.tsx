import {
  APPLICATION_COMMENT_MAX,
  applicationFieldsSchema,
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOAD_IMAGES_MAX,
} from '@platform/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button, Field, FieldErrorText } from '@/components';
import { ApiError } from '@/lib/api-client';
import { useErrorText, useFieldErrorText } from '@/lib/error-text';
import { applyServerIssues, schemaResolver, type SchemaMessages } from '@/lib/form-resolver';
import { useApplyForPromotion } from '../api/promotion-applications';

type ApplicationValues = z.input<typeof applicationFieldsSchema>;
const messages: SchemaMessages<ApplicationValues> = {
  comment: {
    too_big: { key: 'applications.errors.tooLong', params: { max: APPLICATION_COMMENT_MAX } },
    default: 'applications.errors.invalid',
  },
};
const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** What is wrong with the chosen files, as an i18n key with its figures; null when they may be sent. */
export function imagesProblem(
  files: readonly File[],
): { key: string; params?: Record<string, number> } | null {
  if (files.length > UPLOAD_IMAGES_MAX)
    return { key: 'applications.errors.tooManyImages', params: { max: UPLOAD_IMAGES_MAX } };
  if (files.some((file) => !IMAGE_TYPES.includes(file.type))) return { key: 'applications.errors.imageType' };
  if (files.some((file) => file.size > UPLOAD_IMAGE_MAX_BYTES))
    return {
      key: 'applications.errors.imageTooLarge',
      params: { maxMb: UPLOAD_IMAGE_MAX_BYTES / 1024 / 1024 },
    };
  return null;
}

/**
 * The application of SPEC section 5: a comment of at most 140 characters and up to 3 png or jpg images
 * of at most 5 MB. The server decodes the images and answers for each the same field errors.
 */
export function ApplicationForm({ promotionId }: { promotionId: string }) {
  const { t } = useTranslation('content');
  const errorText = useErrorText('content', 'applications.errors.generic');
  const fieldText = useFieldErrorText('content');
  const apply = useApplyForPromotion(promotionId);
  const id = useId();
  const [images, setImages] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ApplicationValues, unknown, z.output<typeof applicationFieldsSchema>>({
    defaultValues: { comment: '' },
    resolver: schemaResolver(applicationFieldsSchema, messages),
  });
  const { errors } = form.formState;

  const pick = (files: FileList | null) => {
    const list = [...(files ?? [])];
    const problem = imagesProblem(list);
    setImageError(problem ? t(problem.key, problem.params) : null);
    setImages(problem ? [] : list);
  };

  const submit = form.handleSubmit((values) => {
    if (imageError) return;
    setFormError(null);
    apply.mutate(
      { comment: values.comment, images },
      {
        onError: (error) => {
          const issue = error instanceof ApiError ? error.issues[0] : undefined;
          if (issue?.path.startsWith('images')) {
            setImageError(t('applications.errors.imageRefused'));
            return;
          }
          if (applyServerIssues(error, form.setError, ['comment'])) return;
          setFormError(errorText(error));
        },
      },
    );
  });

  return (
    <form
      className="content-application__form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('applications.formTitle')}
    >
      <Field
        label={t('applications.comment')}
        hint={t('applications.commentHint', { max: APPLICATION_COMMENT_MAX })}
        maxLength={APPLICATION_COMMENT_MAX}
        autoComplete="off"
        error={fieldText(errors.comment)}
        registration={form.register('comment')}
      />
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-images`}>
          {t('applications.images', { max: UPLOAD_IMAGES_MAX })}
        </label>
        <input
          id={`${id}-images`}
          className="content-application__files"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          aria-invalid={imageError ? true : undefined}
          aria-describedby={imageError ? `${id}-images-error` : `${id}-images-hint`}
          onChange={(event) => pick(event.target.files)}
        />
        <p id={`${id}-images-hint`} className="ui-field__hint">
          {images.length > 0
            ? t('applications.imagesChosen', { count: images.length })
            : t('applications.imagesHint', { maxMb: UPLOAD_IMAGE_MAX_BYTES / 1024 / 1024 })}
        </p>
        <FieldErrorText id={`${id}-images-error`} error={imageError} />
      </div>
      {formError ? (
        <p className="ui-field__error" role="alert">
          {formError}
        </p>
      ) : null}
      <Button type="submit" loading={apply.isPending}>
        {t('applications.apply')}
      </Button>
    </form>
  );
}
