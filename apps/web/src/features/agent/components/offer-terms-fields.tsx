import type { AgentContractKind } from '@platform/contract/client';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components';
import { dividendCycles, type DividendCycle } from '../forms/offer-schema';

export interface OfferTermsFieldsProps {
  kind: AgentContractKind;
  /** the form's registrations of the four terms (its own field names) */
  fields: Record<'cycle' | 'min' | 'minActive' | 'rate', UseFormRegisterReturn>;
  /** each term's error text, already translated */
  errors: Partial<Record<'min' | 'minActive' | 'rate', string | null | undefined>>;
  /** the cycles a dividend may have here (below the agent's own dividend: its own cycle alone) */
  cycles?: readonly DividendCycle[];
}

/**
 * The terms of a one-tier contract offer: the cycle (dividends only), the minimum valid bet (or net
 * loss), the minimum active members and the rate in percent. The contract page's offer to a downline and
 * registerCenter's invite link for agents both ask them.
 */
export function OfferTermsFields({ kind, fields, errors, cycles = dividendCycles }: OfferTermsFieldsProps) {
  const { t } = useTranslation('agent');
  return (
    <>
      {kind === 'dividend' ? (
        <label className="agent-select">
          <span>{t('offer.cycle')}</span>
          <select {...fields.cycle}>
            {cycles.map((cycle) => (
              <option key={cycle} value={cycle}>
                {t(`cycles.${cycle}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <Field
        label={t(kind === 'dividend' ? 'offer.minLoss' : 'offer.minBet')}
        inputMode="decimal"
        registration={fields.min}
        error={errors.min}
      />
      <Field
        label={t('offer.minActive')}
        inputMode="numeric"
        registration={fields.minActive}
        error={errors.minActive}
      />
      <Field
        label={t('offer.rate')}
        inputMode="decimal"
        registration={fields.rate}
        error={errors.rate}
        required
      />
    </>
  );
}
