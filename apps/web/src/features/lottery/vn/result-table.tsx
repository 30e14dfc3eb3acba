import { useTranslation } from 'react-i18next';
import { headTailRows } from './head-tail';

interface ResultProps {
  tiers: readonly (readonly string[])[];
  /** names the table for screen readers, e.g. the period */
  caption: string;
}

/** A number with its last two digits (the lô) marked, as the printed tables do. */
function PrizeNumber({ value, special }: { value: string; special: boolean }) {
  return (
    <span className={special ? 'vn-number vn-number--special' : 'vn-number'}>
      {value.slice(0, -2)}
      <mark className="vn-number__lo">{value.slice(-2)}</mark>
    </span>
  );
}

/** The result in the familiar table: one row per tier, special prize first. */
export function VnResultTable({ tiers, caption }: ResultProps) {
  const { t } = useTranslation('vnlottery');
  return (
    <table className="vn-result">
      <caption>{caption}</caption>
      <tbody>
        {tiers.map((numbers, rank) => (
          <tr key={rank} className={rank === 0 ? 'vn-result__special' : undefined}>
            <th scope="row">{t(`tier.${rank}`)}</th>
            <td>
              <ul className="vn-result__numbers" data-testid={`vn-tier-${rank}`}>
                {numbers.map((value, index) => (
                  <li key={index}>
                    <PrizeNumber value={value} special={rank === 0} />
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The đầu/đuôi table of a result. */
export function VnHeadTailTable({ tiers, caption }: ResultProps) {
  const { t } = useTranslation('vnlottery');
  return (
    <table className="vn-head-tail">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('headTail.head')}</th>
          <th scope="col">{t('headTail.lo')}</th>
          <th scope="col">{t('headTail.tail')}</th>
          <th scope="col">{t('headTail.lo')}</th>
        </tr>
      </thead>
      <tbody>
        {headTailRows(tiers).map((row) => (
          <tr key={row.digit}>
            <th scope="row">{row.digit}</th>
            <td>{row.heads.map((units) => `${row.digit}${units}`).join(', ')}</td>
            <th scope="row">{row.digit}</th>
            <td>{row.tails.map((tens) => `${tens}${row.digit}`).join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
