import { useTranslation } from 'react-i18next';

/**
 * The family of a lottery game by its code: the lottery's games are coded <family>-<minutes> (SSC-1,
 * K3-3, X115-1, PK10-5) and VN-<region>-<minutes or D> for every Vietnamese one.
 */
export function lotteryFamilyOf(gameCode: string): string {
  return gameCode.startsWith('VN-') ? 'VN' : (gameCode.split('-')[0] ?? gameCode);
}

/**
 * A lottery bet type's name in the reader's language, from the names the lottery pages show (lottery
 * and vnlottery namespaces): one mapping for every record that lists lottery bets. An unknown code
 * shows as itself.
 */
export function useBetTypeName(): (gameCode: string, betType: string) => string {
  const { t } = useTranslation(['lottery', 'vnlottery']);
  return (gameCode, betType) => {
    const family = lotteryFamilyOf(gameCode);
    return family === 'VN'
      ? t(`vnlottery:betType.${betType}.name`, { defaultValue: betType })
      : t(`lottery:betType.${family}.${betType}`, { defaultValue: betType });
  };
}

/**
 * A bet's selection in the reader's language: the words of the fast games (big, small, odd, even, sum,
 * dragon, tiger ...) by the lottery page's names, numbers as they are.
 */
export function useSelectionText(): (gameCode: string, selection: readonly string[]) => string {
  const { t } = useTranslation(['lottery']);
  return (gameCode, selection) =>
    lotteryFamilyOf(gameCode) === 'VN'
      ? selection.join(' · ')
      : selection.map((token) => t(`lottery:token.${token}`, { defaultValue: token })).join(' · ');
}
