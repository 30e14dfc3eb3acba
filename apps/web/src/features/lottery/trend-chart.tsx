import type { LotteryPeriod } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';

interface Props {
  draws: LotteryPeriod[];
  min: number;
  max: number;
  positions: number;
}

/**
 * The trend of recent draws as pictures: how often each number came (hot numbers in warm colours, cold
 * ones in cool), and per position how often each number stood there (a heat grid). SVG with a title
 * and a description for screen readers; the numbers are in the description too.
 */
export function TrendChart({ draws, min, max, positions }: Props) {
  const { t } = useTranslation('lottery');
  const numbers = Array.from({ length: max - min + 1 }, (_, index) => min + index);
  const drawn = draws.flatMap((period) => (period.draw ? [period.draw] : []));
  const totals = new Map(numbers.map((number) => [number, 0]));
  const grid = Array.from({ length: positions }, () => new Map(numbers.map((number) => [number, 0])));
  for (const draw of drawn) {
    draw.forEach((number, position) => {
      totals.set(number, (totals.get(number) ?? 0) + 1);
      const row = grid[position];
      if (row) row.set(number, (row.get(number) ?? 0) + 1);
    });
  }
  if (drawn.length === 0) return <p className="lottery-empty">{t('trend.empty')}</p>;
  const ranked = [...numbers].sort((a, b) => (totals.get(b) ?? 0) - (totals.get(a) ?? 0));
  const hot = new Set(ranked.slice(0, 3));
  const cold = new Set(ranked.slice(-3));
  const top = Math.max(1, ...totals.values());
  const width = 320;
  const barWidth = width / numbers.length;
  const height = 120;
  const gridTop = Math.max(1, ...grid.flatMap((row) => [...row.values()]));
  const cell = Math.min(28, width / numbers.length);
  return (
    <div className="lottery-trend">
      <svg
        role="img"
        aria-labelledby="trend-hot-title trend-hot-desc"
        viewBox={`0 0 ${width} ${height + 20}`}
        className="lottery-trend__chart"
      >
        <title id="trend-hot-title">{t('trend.hotCold', { count: drawn.length })}</title>
        <desc id="trend-hot-desc">
          {numbers.map((number) => `${number}: ${totals.get(number) ?? 0}`).join(', ')}
        </desc>
        {numbers.map((number, index) => {
          const value = totals.get(number) ?? 0;
          const barHeight = (value / top) * height;
          return (
            <g key={number}>
              <rect
                x={index * barWidth + 2}
                y={height - barHeight}
                width={barWidth - 4}
                height={barHeight}
                className={hot.has(number) ? 'bar-hot' : cold.has(number) ? 'bar-cold' : 'bar'}
              />
              <text x={index * barWidth + barWidth / 2} y={height + 14} textAnchor="middle" className="axis">
                {number}
              </text>
            </g>
          );
        })}
      </svg>
      <p className="lottery-trend__legend">
        {t('trend.hot')}: {[...hot].join(', ')} · {t('trend.cold')}: {[...cold].join(', ')}
      </p>
      <svg
        role="img"
        aria-labelledby="trend-grid-title"
        viewBox={`0 0 ${cell * numbers.length + 30} ${cell * positions + 20}`}
        className="lottery-trend__grid"
      >
        <title id="trend-grid-title">{t('trend.positions')}</title>
        {grid.map((row, position) =>
          numbers.map((number, index) => {
            const value = row.get(number) ?? 0;
            return (
              <rect
                key={`${position}-${number}`}
                x={30 + index * cell}
                y={position * cell}
                width={cell - 2}
                height={cell - 2}
                className="cell"
                fillOpacity={0.1 + (0.9 * value) / gridTop}
              >
                <title>{t('trend.cell', { position: position + 1, number, count: value })}</title>
              </rect>
            );
          }),
        )}
        {grid.map((_, position) => (
          <text key={position} x={2} y={position * cell + cell / 2 + 4} className="axis">
            {position + 1}
          </text>
        ))}
        {numbers.map((number, index) => (
          <text
            key={number}
            x={30 + index * cell + cell / 2}
            y={positions * cell + 14}
            textAnchor="middle"
            className="axis"
          >
            {number}
          </text>
        ))}
      </svg>
    </div>
  );
}
