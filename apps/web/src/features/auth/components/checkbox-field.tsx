import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldErrorText } from '@/components';

export interface CheckboxFieldProps {
  children: ReactNode;
  /** the first error, translated */
  error: string | null;
  registration: UseFormRegisterReturn;
}

/** A validated checkbox (age, terms) with its first error beneath, like every Field. */
export function CheckboxField({ children, error, registration }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`auth-check${error ? ' ui-field--invalid' : ''}`}>
      <input
        {...registration}
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <label htmlFor={id}>{children}</label>
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}
