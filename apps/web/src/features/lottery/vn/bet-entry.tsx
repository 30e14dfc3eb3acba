import {
  formatMoney,
  MONEY_PATTERN,
  parseMoney,
  vnBetShapes,
  vnBetTypes,
  vnBetUnits,
  type VnBetTypeCode,
  type VnRegionCode,
} from '@platform/contract/client';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components';
import { useMoneyFormat } from '@/features/system';

/** One bet on the slip: a bet type, its numbers and the stake per position (the slip's schema). */
export interface VnSlipBet {
  betType: VnBetTypeCode;
  selection: string[];
  stake: string;
}

interface BetEntryProps {
  region: VnRegionCode;
  /** bet type -> odds key -> decimal odds */
  odds: Record<string, Record<string, string>>;
  minBet: string;
  maxBet: string;
  onAdd(bet: VnSlipBet): void;
}

const pad = (value: number, digits: number) => String(value).padStart(digits, '0');

/** Distinct random numbers for the quick pick (a convenience, not an outcome: the draw is the server's). */
function quickPick(count: number, digits: number): string[] {
  const size = 10 ** digits;
  const picked = new Set<string>();
  const words = new Uint32Array(1);
  while (picked.size < count) {
    crypto.getRandomValues(words);
    const word = words[0] ?? 0;
    // rejection keeps every number equally likely
    if (word >= 2 ** 32 - (2 ** 32 % size)) continue;
    picked.add(pad(word % size, digits));
  }
  return [...picked].sort();
}

export function oddsKeyOf(betType: VnBetTypeCode, count: number): string {
  return betType === 'lo-truot' ? String(count) : '';
}

/** Bet entry for every VN bet type: a number picker, a quick pick, the stake per position and its cost. */
export function VnBetEntry({ region, odds, minBet, maxBet, onAdd }: BetEntryProps) {
  const { t } = useTranslation('vnlottery');
  const money = useMoneyFormat();
  const stakeId = useId();
  const typeId = useId();
  const typedId = useId();
  const [betType, setBetType] = useState<VnBetTypeCode>('lo2');
  const [truotCount, setTruotCount] = useState(4);
  const [numbers, setNumbers] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [stake, setStake] = useState(minBet);

  const shape = vnBetShapes[betType];
  const wanted = betType === 'lo-truot' ? truotCount : (shape.counts[0] ?? 1);
  const units = vnBetUnits(region, betType);
  const stakeValid = MONEY_PATTERN.test(stake) && !stake.startsWith('-');
  const stakeMinor = stakeValid ? parseMoney(stake) : 0n;
  const stakeInRange = stakeValid && stakeMinor >= parseMoney(minBet) && stakeMinor <= parseMoney(maxBet);
  const oddsText = odds[betType]?.[oddsKeyOf(betType, wanted)];
  const ready = numbers.length === wanted && stakeInRange && oddsText !== undefined;

  const chooseType = (next: VnBetTypeCode) => {
    setBetType(next);
    setNumbers([]);
    setTyped('');
  };
  const toggle = (value: string) => {
    setNumbers((current) => {
      if (current.includes(value)) return current.filter((n) => n !== value);
      if (wanted === 1) return [value];
      return current.length < wanted ? [...current, value].sort() : current;
    });
  };
  const addTyped = () => {
    if (new RegExp(`^[0-9]{${shape.digits}}$`).test(typed)) {
      toggle(typed);
      setTyped('');
    }
  };

  return (
    <section className="vn-entry" aria-labelledby={`${typeId}-title`}>
      <h2 id={`${typeId}-title`} className="vn-entry__title">
        {t('entry.title')}
      </h2>
      <label htmlFor={typeId} className="vn-entry__label">
        {t('entry.betType')}
      </label>
      <select
        id={typeId}
        value={betType}
        onChange={(event) => chooseType(event.target.value as VnBetTypeCode)}
      >
        {vnBetTypes
          .filter((code) => odds[code] !== undefined)
          .map((code) => (
            <option key={code} value={code}>
              {t(`betType.${code}.name`)}
            </option>
          ))}
      </select>
      <p className="vn-entry__rule">{t(`betType.${betType}.rule`, { units })}</p>
      {betType === 'lo-truot' ? (
        <div role="radiogroup" aria-label={t('entry.truotCount')} className="vn-entry__counts">
          {shape.counts.map((count) => (
            <label key={count}>
              <input
                type="radio"
                name="truot-count"
                checked={truotCount === count}
                onChange={() => {
                  setTruotCount(count);
                  setNumbers([]);
                }}
              />
              {t('entry.numbersCount', { count })}
            </label>
          ))}
        </div>
      ) : null}
      {shape.digits <= 2 ? (
        <div
          className={shape.digits === 1 ? 'vn-picker vn-picker--digits' : 'vn-picker'}
          role="group"
          aria-label={t('entry.picker', { count: wanted })}
        >
          {Array.from({ length: 10 ** shape.digits }, (_, n) => pad(n, shape.digits)).map((value) => (
            <button
              key={value}
              type="button"
              className="vn-picker__number"
              aria-pressed={numbers.includes(value)}
              onClick={() => toggle(value)}
            >
              {value}
            </button>
          ))}
        </div>
      ) : (
        <div className="vn-entry__typed">
          <label htmlFor={typedId}>{t('entry.typed', { digits: shape.digits })}</label>
          <input
            id={typedId}
            inputMode="numeric"
            maxLength={shape.digits}
            value={typed}
            onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') addTyped();
            }}
          />
          <Button variant="secondary" size="sm" onClick={addTyped}>
            {t('entry.choose')}
          </Button>
        </div>
      )}
      <p className="vn-entry__chosen" aria-live="polite">
        {numbers.length > 0
          ? t('entry.chosen', { numbers: numbers.join(', ') })
          : t('entry.none', { count: wanted })}
      </p>
      <div className="vn-entry__actions">
        <Button variant="secondary" size="sm" onClick={() => setNumbers(quickPick(wanted, shape.digits))}>
          {t('entry.quickPick')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setNumbers([])} disabled={numbers.length === 0}>
          {t('entry.clear')}
        </Button>
      </div>
      <label htmlFor={stakeId} className="vn-entry__label">
        {t('entry.stake')}
      </label>
      <input
        id={stakeId}
        inputMode="decimal"
        value={stake}
        aria-invalid={!stakeInRange}
        aria-describedby={`${stakeId}-hint`}
        onChange={(event) => setStake(event.target.value.trim())}
      />
      <p id={`${stakeId}-hint`} className="vn-entry__hint">
        {stakeInRange
          ? t('entry.cost', {
              cost: money(formatMoney(stakeMinor * BigInt(units))),
              units,
              odds: oddsText ?? '—',
            })
          : t('entry.stakeRange', { min: money(minBet), max: money(maxBet) })}
      </p>
      <Button
        disabled={!ready}
        onClick={() => {
          onAdd({ betType, selection: numbers, stake: formatMoney(stakeMinor) });
          setNumbers([]);
        }}
      >
        {t('entry.add')}
      </Button>
    </section>
  );
}
