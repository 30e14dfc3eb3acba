import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMoneyFormat } from '@/features/system';

/** The lobby's search and filters live in the address (q, type, bet), so Back from a game keeps them. */
export const filterParams = { name: 'q', classification: 'type', minBet: 'bet' } as const;

/** Stakes to filter by: games whose smallest bet is at most this much. */
export const MIN_BET_CHOICES = ['0.10', '1.00', '10.00', '100.00'] as const;

/** Typing settles for this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface LobbyFilters {
  gameName?: string;
  gameClassify?: string;
  minBet?: string;
}

export function useLobbyFilters(): LobbyFilters {
  const [params] = useSearchParams();
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const minBet = text(filterParams.minBet);
  return {
    gameName: text(filterParams.name),
    gameClassify: text(filterParams.classification),
    minBet: minBet && (MIN_BET_CHOICES as readonly string[]).includes(minBet) ? minBet : undefined,
  };
}

export interface LobbySearchProps {
  /** the classifications seen in this tab's games so far */
  classifications: string[];
}

/** Search by name (as you type), type of game and smallest stake. */
export function LobbySearch({ classifications }: LobbySearchProps) {
  const { t } = useTranslation('game');
  const money = useMoneyFormat();
  const id = useId();
  const [, setParams] = useSearchParams();
  const filters = useLobbyFilters();
  const [text, setText] = useState(filters.gameName ?? '');
  // The name in the address changed from elsewhere (a "clear filters" link, Back): the box follows.
  const [shownName, setShownName] = useState(filters.gameName);
  if (shownName !== filters.gameName) {
    setShownName(filters.gameName);
    if ((filters.gameName ?? '') !== text.trim()) setText(filters.gameName ?? '');
  }

  const update = (key: string, value: string | undefined) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  useEffect(() => {
    const typed = text.trim();
    if (typed === (filters.gameName ?? '')) return;
    const timer = window.setTimeout(() => update(filterParams.name, typed), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // `update` is remade each render; the typed text and the applied name are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, filters.gameName]);

  const options = [...new Set([...classifications, ...(filters.gameClassify ? [filters.gameClassify] : [])])];
  const filtered = !!(filters.gameName || filters.gameClassify || filters.minBet);

  return (
    <form
      className="lobby-search"
      role="search"
      aria-label={t('search.label')}
      onSubmit={(event) => {
        event.preventDefault();
        update(filterParams.name, text.trim());
      }}
    >
      <div className="lobby-search__name">
        <label className="ui-visually-hidden" htmlFor={`${id}-name`}>
          {t('search.label')}
        </label>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={`${id}-name`}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={60}
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className="lobby-search__filters">
        <label className="lobby-search__select">
          <span>{t('filters.classification')}</span>
          <select
            value={filters.gameClassify ?? ''}
            onChange={(event) => update(filterParams.classification, event.target.value)}
          >
            <option value="">{t('filters.anyClassification')}</option>
            {options.map((value) => (
              <option key={value} value={value}>
                {t(`classify.${value}`, { defaultValue: value })}
              </option>
            ))}
          </select>
        </label>
        <label className="lobby-search__select">
          <span>{t('filters.minBet')}</span>
          <select
            value={filters.minBet ?? ''}
            onChange={(event) => update(filterParams.minBet, event.target.value)}
          >
            <option value="">{t('filters.anyMinBet')}</option>
            {MIN_BET_CHOICES.map((value) => (
              <option key={value} value={value}>
                {t('filters.minBetUpTo', { amount: money(value) })}
              </option>
            ))}
          </select>
        </label>
        {filtered ? (
          <button
            type="button"
            className="lobby-search__reset"
            onClick={() => {
              setText('');
              setParams(
                (previous) => {
                  const next = new URLSearchParams(previous);
                  for (const key of Object.values(filterParams)) next.delete(key);
                  return next;
                },
                { replace: true, preventScrollReset: true },
              );
            }}
          >
            {t('filters.reset')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
