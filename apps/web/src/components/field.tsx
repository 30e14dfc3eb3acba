import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import './field.css';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'required' | 'prefix'> {
  label: string;
  /**
   * 'placeholder': the label is read by screen readers and shown as the placeholder (SPEC section 5's
   * registration and login look); 'label': a visible label above the input (the cashier forms).
   */
  labelAs?: 'placeholder' | 'label';
  /** SPEC section 5: an asterisk on the placeholder */
  required?: boolean;
  /** the field's FIRST error, already translated; shown beneath it */
  error?: string | null;
  hint?: ReactNode;
  /** react-hook-form's register(name); without it the input is controlled by value/onChange */
  registration?: UseFormRegisterReturn;
  /** a button or image beside the input (send code, captcha) */
  addon?: ReactNode;
  /** something before the input (the dial-code picker) */
  prefix?: ReactNode;
  /** below the input, above the error (quick-amount chips) */
  children?: ReactNode;
}

/** THE form field of the design system: label, input, hint, and the first error beneath. */
export function Field({
  label,
  labelAs = 'label',
  required = false,
  error = null,
  hint,
  registration,
  addon,
  prefix,
  children,
  className,
  type = 'text',
  placeholder,
  ...rest
}: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const asPlaceholder = labelAs === 'placeholder';
  const shownPlaceholder = asPlaceholder ? label : placeholder;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`ui-field${error ? ' ui-field--invalid' : ''}`}>
      <label htmlFor={id} className={asPlaceholder ? 'visually-hidden' : 'ui-field__label'}>
        {label}
      </label>
      <div className="ui-field__row">
        {prefix}
        <input
          {...rest}
          {...registration}
          id={id}
          type={type}
          className={['ui-field__input', className].filter(Boolean).join(' ')}
          placeholder={shownPlaceholder && required ? `${shownPlaceholder} *` : shownPlaceholder}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {addon}
      </div>
      {hint ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}

/** The error line beneath a field (or a checkbox); the input points here with aria-describedby. */
export function FieldErrorText({ id, error }: { id: string; error: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="ui-field__error" role="alert">
      {error}
    </p>
  );
}
