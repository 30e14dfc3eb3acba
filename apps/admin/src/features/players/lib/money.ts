import { displayMoney } from '@platform/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';

/**
 * The site's currency and, per language, its number style: the public site information
 * (GET /wps/system/permission, `info.currency`), asked once per tab.
 */
export function useSiteCurrency() {
  return useQuery({
    queryKey: ['site-currency'],
    queryFn: async ({ signal }) => (await apiRequest('permission', { query: {}, signal })).info.currency,
    staleTime: Infinity,
    retry: 1,
  });
}

/**
 * Writes a money string of the server exactly (Intl formats the decimal string, never a float) with the
 * site's currency in the page language's locale; before the site's currency is known, the amount alone.
 */
export function useMoney(): (amount: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const currency = useSiteCurrency().data;
  const language = i18n.language === 'bn' ? 'bn' : 'en';
  const locale = currency?.locales[language] ?? (language === 'bn' ? 'bn-BD' : 'en-US');
  const code = currency?.code ?? null;
  return useCallback(
    (amount) => {
      if (amount === null || amount === undefined) return '—';
      try {
        return displayMoney(amount, { currency: code, locale });
      } catch {
        // not a money string (never from this server): shown as it came
        return amount;
      }
    },
    [code, locale],
  );
}
