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
