import { displayMoney } from '@platform/contract/client';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from './api/get-permission';

/** The locale amounts are shown in for a language: the operator's choice (bn-BD), else the language. */
function useMoneyLocale(): { currency: string | null; locale: string } {
  const { data } = usePermission();
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'bn';
  const currency = data?.info.currency;
  return { currency: currency?.code ?? null, locale: currency?.locales[language] ?? language };
}

/**
 * The one way the site shows money: the deployment's currency (settings), exactly 2 decimals, the
 * digits and grouping of the language's locale (bn-BD: ১২,৩৪,৫৬৭.৫০৳). Reads the permission cache
 * directly (not useSiteInfo) so it also works outside the start-up gate; before it arrives, the amount
 * alone.
 */
export function useMoneyFormat(): (amount: string | bigint) => string {
  const { currency, locale } = useMoneyLocale();
  return useCallback(
    (amount: string | bigint) => displayMoney(amount, { currency, locale }),
    [currency, locale],
  );
}

/** A share such as a bonus percentage, in the same locale's digits (১০০%). */
export function usePercentFormat(): (percent: number) => string {
  const { locale } = useMoneyLocale();
  return useCallback(
    (percent: number) => new Intl.NumberFormat(locale, { style: 'percent' }).format(percent / 100),
    [locale],
  );
}

/** A count (seats, players) in the same locale's digits (৪টি), so it matches the amounts beside it. */
export function useCountFormat(): (count: number) => string {
  const { locale } = useMoneyLocale();
  return useCallback((count: number) => new Intl.NumberFormat(locale).format(count), [locale]);
}
