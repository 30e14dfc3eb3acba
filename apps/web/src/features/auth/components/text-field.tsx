import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { ShownError } from '../lib/form-resolver';
import { FieldError } from './field-error';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'required' | 'prefix'> {
  label: string;
  /** adds the asterisk to the placeholder (SPEC section 5) */
  required?: boolean;
  error: ShownError | null;
  registration: UseFormRegisterReturn;
  /** a button or image beside the input (send code, captcha) */
  addon?: ReactNode;
  /** something before the input (the dial-code picker) */
  prefix?: ReactNode;
}

/** A labelled input; the label is for screen readers, the placeholder shows it (with * when required). */
export function TextField({
  label,
  required = false,
  error,
  registration,
  addon,
  prefix,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`auth-field${error ? ' auth-field--invalid' : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="auth-field__row">
        {prefix}
        <input
          {...rest}
          {...registration}
          id={id}
          type={type}
          className="auth-field__input"
          placeholder={required ? `${label} *` : label}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {addon}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export interface CheckboxFieldProps {
  children: ReactNode;
  error: ShownError | null;
  registration: UseFormRegisterReturn;
}

export function CheckboxField({ children, error, registration }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`auth-check${error ? ' auth-field--invalid' : ''}`}>
      <input
        {...registration}
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <label htmlFor={id}>{children}</label>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
