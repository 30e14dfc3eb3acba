import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './line-chart.css';

/**
 * A line chart for the dashboard's series (ADR 095: uPlot, a small canvas library). A canvas says
 * nothing to a screen reader, so the same figures are always there as a table under the chart.
 */
export interface ChartSeries {
  label: string;
  /** one value per x, or null where there is none */
  values: readonly (number | null)[];
  /** a colour with at least 3:1 contrast on white (WCAG non-text contrast) */
  colour: string;
}

export interface LineChartProps {
  /** the figure's caption and accessible name */
  title: string;
  /** the x axis: one label per point (site days, for example) */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** how the table and the tooltip write a value (money, counts) */
  format?: (value: number) => string;
  height?: number;
}

/** Whether this browser draws on a canvas (jsdom, in tests, does not). */
function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null && typeof ResizeObserver === 'function';
  } catch {
    return false;
  }
}

export function LineChart({ title, labels, series, format = String, height = 240 }: LineChartProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const captionId = useId();

  useEffect(() => {
    const element = box.current;
    // No canvas to draw on (a test's jsdom): the table below still carries every figure.
    if (!element || !canDraw()) return;
    const xs = labels.map((_, index) => index);
    const data: uPlot.AlignedData = [xs, ...series.map((line) => [...line.values])];
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 320),
        height,
        scales: { x: { time: false } },
        axes: [
          { values: (_chart, ticks) => ticks.map((tick) => labels[tick] ?? '') },
          {
            values: (_chart, ticks) => ticks.map((tick) => format(tick)),
            // wide enough for its longest label (money with its symbol), not uPlot's fixed 50 px
            size: (_chart, values) =>
              Math.max(50, 16 + 8 * Math.max(0, ...(values ?? []).map((value) => String(value).length))),
          },
        ],
        series: [
          {},
          ...series.map((line) => ({
            label: line.label,
            stroke: line.colour,
            width: 2,
            value: (_c: uPlot, v: number | null) => (v === null ? '' : format(v)),
          })),
        ],
      },
      data,
      element,
    );
    // The chart follows its box's width (the side menu folding, a window resized).
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 320), height }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [labels, series, format, height]);

  return (
    <figure className="line-chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>{title}</figcaption>
      <div ref={box} className="line-chart__canvas" aria-hidden="true" />
      <details className="line-chart__data">
        <summary>{t('chart.showTable')}</summary>
        <table>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <td />
              {series.map((line) => (
                <th key={line.label} scope="col">
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, index) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((line) => {
                  const value = line.values[index];
                  return (
                    <td key={line.label}>{value === null || value === undefined ? '' : format(value)}</td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
