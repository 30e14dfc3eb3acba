import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AmountProblem } from '../lib/amount';

export interface AmountFieldProps {
  value: string;
  onChange(value: string): void;
  /** the problem to show under the field, already translated */
  error: string | null;
  /** "Min ৳100.00 · Max ৳50,000.00" */
  hint?: string;
  /** quick amounts: decimal strings, shown as chips */
  chips?: readonly string[];
  formatChip?(amount: string): string;
  disabled?: boolean;
}

/** The amount input: decimal keypad on phones, text (never a float) kept exactly as typed. */
export function AmountField({
  value,
  onChange,
  error,
  hint,
  chips = [],
  formatChip,
  disabled,
}: AmountFieldProps) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="wallet-field">
      <label htmlFor={id} className="wallet-field__label">
        {t('amount.label')}
      </label>
      <input
        id={id}
        className="wallet-field__input wallet-field__input--amount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('amount.placeholder')}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={hintId} className="wallet-field__hint">
          {hint}
        </p>
      ) : null}
      {chips.length > 0 ? (
        <div className="wallet-chips" role="group" aria-label={t('amount.quick')}>
          {chips.map((chip) => (
            <button
              key={chip}
              type="button"
              className="wallet-chips__chip"
              aria-pressed={value === chip}
              disabled={disabled}
              onClick={() => onChange(chip)}
            >
              {formatChip ? formatChip(chip) : chip}
            </button>
          ))}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="wallet-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Translates an amount problem with the limits filled in. */
export function useAmountProblemText() {
  const { t } = useTranslation('wallet');
  return (problem: AmountProblem, values: { min: string; max: string; available?: string }) =>
    t(`amount.errors.${problem}`, values);
}
