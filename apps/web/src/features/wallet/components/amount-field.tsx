import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components';

export interface AmountFieldProps {
  registration: UseFormRegisterReturn;
  /** what is typed now, to mark the matching chip */
  value: string;
  /** a chip was picked: the form sets the amount */
  onPick(amount: string): void;
  /** the first problem, already translated */
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
  registration,
  value,
  onPick,
  error,
  hint,
  chips = [],
  formatChip,
  disabled,
}: AmountFieldProps) {
  const { t } = useTranslation('wallet');
  return (
    <Field
      label={t('amount.label')}
      className="wallet-field__input--amount"
      inputMode="decimal"
      autoComplete="off"
      placeholder={t('amount.placeholder')}
      disabled={disabled}
      hint={hint}
      error={error}
      registration={registration}
    >
      {chips.length > 0 ? (
        <div className="wallet-chips" role="group" aria-label={t('amount.quick')}>
          {chips.map((chip) => (
            <button
              key={chip}
              type="button"
              className="wallet-chips__chip"
              aria-pressed={value === chip}
              disabled={disabled}
              onClick={() => onPick(chip)}
            >
              {formatChip ? formatChip(chip) : chip}
            </button>
          ))}
        </div>
      ) : null}
    </Field>
  );
}
