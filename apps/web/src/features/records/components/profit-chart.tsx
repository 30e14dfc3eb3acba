import type { ProfitReport } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { addDays } from '@/lib/site-days';
import { formatDay } from '@/lib/dates';

const HEIGHT = 120;
const BAR_GAP = 0.2;

/**
 * The net of each day as bars above (won) or below (lost) a zero line. A picture only: it is hidden from
 * screen readers, which read the table of days beside it; its label says what it shows.
 */
export function ProfitChart({ report }: { report: Pick<ProfitReport, 'from' | 'to' | 'days'> }) {
  const { t, i18n } = useTranslation('records');
  // Every day of the range has its place, so one day's bar is one day wide and quiet days are gaps.
  const byDay = new Map(report.days.map((day) => [day.day, day.net]));
  const days: { day: string; net: string }[] = [];
  for (let day = report.from; day <= report.to && days.length < 400; day = addDays(day, 1)) {
    days.push({ day, net: byDay.get(day) ?? '0.00' });
  }
  const nets = days.map((day) => Number(day.net));
  const top = Math.max(0, ...nets);
  const bottom = Math.min(0, ...nets);
  const span = top - bottom || 1;
  const zeroY = (top / span) * HEIGHT;
  const width = Math.max(days.length, 1) * 10;
  return (
    <figure className="records-chart">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('profit.chartLabel')}
        className="records-chart__svg"
      >
        <line x1={0} x2={width} y1={zeroY} y2={zeroY} className="records-chart__zero" />
        {days.map((day, index) => {
          const net = Number(day.net);
          if (net === 0) return null;
          const height = Math.max((Math.abs(net) / span) * HEIGHT, net === 0 ? 0 : 1);
          return (
            <rect
              key={day.day}
              x={index * 10 + BAR_GAP * 10 * 0.5}
              width={10 * (1 - BAR_GAP)}
              y={net >= 0 ? zeroY - height : zeroY}
              height={height}
              className={net >= 0 ? 'records-chart__gain' : 'records-chart__loss'}
            >
              <title>{`${formatDay(day.day, i18n.language)}: ${day.net}`}</title>
            </rect>
          );
        })}
      </svg>
      {days.length > 0 ? (
        <figcaption className="records-chart__axis" aria-hidden="true">
          <span>{formatDay(days[0]!.day, i18n.language)}</span>
          {days.length > 1 ? <span>{formatDay(days[days.length - 1]!.day, i18n.language)}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
