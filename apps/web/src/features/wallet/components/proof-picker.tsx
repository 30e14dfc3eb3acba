import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkProofFile, PROOF_ACCEPT } from '../lib/proof-file';

export interface ProofPickerProps {
  label: string;
  file: File | null;
  onChange(file: File | null): void;
  /** a problem from outside (required, server refusal), already translated */
  error?: string | null;
}

/** Picks a PNG or JPG of at most 5 MB; a file that is not is refused here, before anything is sent. */
export function ProofPicker({ label, file, onChange, error }: ProofPickerProps) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error ?? null;
  return (
    <div className="wallet-field">
      <label htmlFor={id} className="wallet-field__label">
        {label}
      </label>
      <input
        id={id}
        className="wallet-field__file"
        type="file"
        accept={PROOF_ACCEPT}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          if (!picked) {
            setProblem(null);
            onChange(null);
            return;
          }
          const reason = checkProofFile(picked);
          if (reason) {
            setProblem(t(`proof.errors.${reason}`));
            event.target.value = '';
            onChange(null);
            return;
          }
          setProblem(null);
          onChange(picked);
        }}
      />
      <p id={`${id}-hint`} className="wallet-field__hint">
        {file ? t('proof.chosen', { name: file.name }) : t('proof.hint')}
      </p>
      {shown ? (
        <p className="wallet-field__error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
