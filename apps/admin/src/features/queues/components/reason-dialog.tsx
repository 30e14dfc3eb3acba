import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from './dialog';

export interface ReasonDialogProps {
  title: string;
  /** what will happen, in a sentence (amount and member), so nobody confirms the wrong one */
  summary: string;
  /** the field's label: a reason, or a payout reference */
  label: string;
  hint?: string;
  submitLabel: string;
  /** the server's refusal, already in words */
  error?: string | null;
  busy: boolean;
  maxLength?: number;
  /** a single line (a payout reference) instead of a paragraph (a reason) */
  singleLine?: boolean;
  onSubmit: (text: string) => void;
  onClose: () => void;
}

/** A decision that needs words (a reason, a payout reference): at least 2 characters. */
export function ReasonDialog({
  title,
  summary,
  label,
  hint,
  submitLabel,
  error,
  busy,
  maxLength = 500,
  singleLine = false,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ text: string }>({ defaultValues: { text: '' } });
  const field = register('text', {
    validate: (value) => {
      const text = value.trim();
      if (text.length < 2) return t('queues.validation.min2');
      if (text.length > maxLength) return t('queues.validation.tooLong', { max: maxLength });
      return true;
    },
  });
  const fieldError = errors.text?.message;
  const describedBy = [hint ? `${id}-hint` : null, fieldError ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  const inputProps = {
    id,
    ...field,
    'aria-invalid': fieldError ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{summary}</p>
      <form noValidate onSubmit={(event) => void handleSubmit(({ text }) => onSubmit(text.trim()))(event)}>
        <div className="field">
          <label htmlFor={id}>{label}</label>
          {singleLine ? <input {...inputProps} autoComplete="off" /> : <textarea {...inputProps} />}
          {hint ? (
            <p id={`${id}-hint`} className="field__hint">
              {hint}
            </p>
          ) : null}
          {fieldError ? (
            <p id={`${id}-error`} className="field__error">
              {fieldError}
            </p>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="queue-error">
            {error}
          </p>
        ) : null}
        <div className="queue-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('queues.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t('queues.working') : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
