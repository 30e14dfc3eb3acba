import { zodResolver } from '@hookform/resolvers/zod';
import type { Dashboard, DashboardFigures } from '@platform/contract';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/app/use-page-title';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { LineChart, type ChartSeries } from '@/components/line-chart';
import { ErrorState, Loading } from '@/components/states';
import { errorWithCode } from '../lib/error';
import { useMoney } from '../lib/money';
import { siteDateTime } from '../lib/dates';
import { useDashboard } from '../api/dashboard';
import { rangeFormSchema } from '../forms/range-schema';
import { compareCount, compareMoney, type Comparison } from '../lib/compare';
import { presetPeriods, presetRange, siteDay, type PeriodId } from '../lib/periods';
import './dashboard.css';

type RangeForm = { from: string; to: string };

type Figure =
  | { id: string; kind: 'count'; value: (f: DashboardFigures) => number }
  | {
      id: string;
      kind: 'money';
      value: (f: DashboardFigures) => string;
      count?: (f: DashboardFigures) => number;
    };

/** The figures, in the order the page shows them. */
export const figures: readonly Figure[] = [
  { id: 'registrations', kind: 'count', value: (f) => f.registrations },
  {
    id: 'firstDeposits',
    kind: 'money',
    value: (f) => f.firstDeposits.amount,
    count: (f) => f.firstDeposits.count,
  },
  { id: 'depositors', kind: 'count', value: (f) => f.depositors },
  { id: 'deposits', kind: 'money', value: (f) => f.deposits.amount, count: (f) => f.deposits.count },
  { id: 'withdrawals', kind: 'money', value: (f) => f.withdrawals.amount, count: (f) => f.withdrawals.count },
  { id: 'netDeposits', kind: 'money', value: (f) => f.netDeposits },
  { id: 'activePlayers', kind: 'count', value: (f) => f.activePlayers },
  { id: 'bets', kind: 'count', value: (f) => f.bets },
  { id: 'stakes', kind: 'money', value: (f) => f.stakes },
  { id: 'wins', kind: 'money', value: (f) => f.wins },
  { id: 'ggr', kind: 'money', value: (f) => f.ggr },
  { id: 'bonuses', kind: 'money', value: (f) => f.bonuses },
  { id: 'commissions', kind: 'money', value: (f) => f.commissions },
  { id: 'ngr', kind: 'money', value: (f) => f.ngr },
];

function useFormats() {
  const { i18n } = useTranslation();
  const money = useMoney();
  const locale = i18n.language === 'bn' ? 'bn-BD' : 'en-US';
  const counts = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const percents = useMemo(
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }),
    [locale],
  );
  return { money, count: (n: number) => counts.format(n), percent: (n: number) => `${percents.format(n)}%` };
}

/** A change beside the previous period: signed, with its percentage or "from zero". */
export function Change({ comparison, money }: { comparison: Comparison; money: boolean }) {
  const { t } = useTranslation();
  const format = useFormats();
  const amount = money ? format.money(comparison.change) : format.count(Number(comparison.change));
  const signed = comparison.direction === 'up' ? `+${amount}` : amount;
  const percent = comparison.percent === null ? t('dashboard.fromZero') : format.percent(comparison.percent);
  return (
    <span className={`change change--${comparison.direction}`}>
      <span aria-hidden="true">
        {comparison.direction === 'up' ? '▲ ' : comparison.direction === 'down' ? '▼ ' : ''}
      </span>
      <span className="visually-hidden">{t(`dashboard.direction.${comparison.direction}`)} </span>
      {signed} ({percent})
    </span>
  );
}

export function FigureCards({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <ul className="figures" aria-label={t('dashboard.figuresLabel')}>
      {figures.map((figure) => {
        const current = figure.value(data.current);
        const previous = figure.value(data.previous);
        const comparison =
          figure.kind === 'money'
            ? compareMoney(current as string, previous as string)
            : compareCount(current as number, previous as number);
        const show = (value: string | number) =>
          figure.kind === 'money' ? format.money(value as string) : format.count(value as number);
        const count = figure.kind === 'money' && figure.count ? figure.count : null;
        return (
          <li key={figure.id} className="figure" data-figure={figure.id}>
            <p className="figure__label">{t(`dashboard.figures.${figure.id}`)}</p>
            <p className="figure__value">
              {show(current)}
              {count ? (
                <span className="figure__count">
                  {' '}
                  · {t('dashboard.countOf', { count: count(data.current) })}
                </span>
              ) : null}
            </p>
            <p className="figure__previous">
              {t('dashboard.previous', { value: show(previous) })}
              {count ? ` · ${t('dashboard.countOf', { count: count(data.previous) })}` : ''}
            </p>
            <p className="figure__change">
              <Change comparison={comparison} money={figure.kind === 'money'} />
            </p>
          </li>
        );
      })}
    </ul>
  );
}

function CategoryTable({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <div className="dashboard__scroll">
      <table className="dashboard__table">
        <caption>{t('dashboard.byCategory')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.columns.category')}</th>
            <th scope="col" className="num">
              {t('dashboard.columns.bets')}
            </th>
            <th scope="col" className="num">
              {t('dashboard.columns.stakes')}
            </th>
            <th scope="col" className="num">
              {t('dashboard.columns.wins')}
            </th>
            <th scope="col" className="num">
              {t('dashboard.columns.ggr')}
            </th>
            <th scope="col" className="num">
              {t('dashboard.columns.previousGgr')}
            </th>
            <th scope="col" className="num">
              {t('dashboard.columns.change')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.categories.map((row) => (
            <tr key={row.category}>
              <th scope="row">{t(`dashboard.categories.${row.category}`)}</th>
              <td className="num">{format.count(row.current.bets)}</td>
              <td className="num">{format.money(row.current.stakes)}</td>
              <td className="num">{format.money(row.current.wins)}</td>
              <td className="num">{format.money(row.current.ggr)}</td>
              <td className="num">{format.money(row.previous.ggr)}</td>
              <td className="num">
                <Change comparison={compareMoney(row.current.ggr, row.previous.ggr)} money />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Charts({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const format = useFormats();
  // short day names ("29 Nov"): the full dates are in the range's heading, and long ones overlap on the axis
  const labels = useMemo(() => {
    const short = new Intl.DateTimeFormat(i18n.language === 'bn' ? 'bn-BD' : 'en-GB', {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    return data.series.map((day) => short.format(new Date(`${day.day}T00:00:00Z`)));
  }, [data.series, i18n.language]);
  const { moneySeries, playerSeries, betSeries } = useMemo(() => {
    const money = (pick: (f: DashboardFigures) => string) => data.series.map((day) => Number(pick(day)));
    const count = (pick: (f: DashboardFigures) => number) => data.series.map((day) => pick(day));
    const moneySeries: ChartSeries[] = [
      { label: t('dashboard.figures.deposits'), values: money((f) => f.deposits.amount), colour: '#1d4ed8' },
      {
        label: t('dashboard.figures.withdrawals'),
        values: money((f) => f.withdrawals.amount),
        colour: '#b42318',
      },
      { label: t('dashboard.figures.ggr'), values: money((f) => f.ggr), colour: '#047857' },
      { label: t('dashboard.figures.ngr'), values: money((f) => f.ngr), colour: '#7c3aed' },
    ];
    const playerSeries: ChartSeries[] = [
      {
        label: t('dashboard.figures.registrations'),
        values: count((f) => f.registrations),
        colour: '#1d4ed8',
      },
      {
        label: t('dashboard.figures.firstDeposits'),
        values: count((f) => f.firstDeposits.count),
        colour: '#b42318',
      },
      { label: t('dashboard.figures.depositors'), values: count((f) => f.depositors), colour: '#047857' },
      {
        label: t('dashboard.figures.activePlayers'),
        values: count((f) => f.activePlayers),
        colour: '#7c3aed',
      },
    ];
    const betSeries: ChartSeries[] = [
      { label: t('dashboard.figures.bets'), values: count((f) => f.bets), colour: '#1d4ed8' },
    ];
    return { moneySeries, playerSeries, betSeries };
  }, [data.series, t]);
  const moneyFormat = useMemo(() => (value: number) => format.money(value.toFixed(2)), [format]);
  const countFormat = useMemo(() => (value: number) => format.count(value), [format]);
  return (
    <div className="charts">
      <LineChart
        title={t('dashboard.charts.money')}
        labels={labels}
        series={moneySeries}
        format={moneyFormat}
      />
      <LineChart
        title={t('dashboard.charts.players')}
        labels={labels}
        series={playerSeries}
        format={countFormat}
      />
      <LineChart title={t('dashboard.charts.bets')} labels={labels} series={betSeries} format={countFormat} />
    </div>
  );
}

/**
 * The dashboard: today, yesterday, this week, this month or a chosen range of site days (Asia/Dhaka),
 * each figure beside the period of the same length just before it with the change; play by category;
 * per-day charts (their figures also in tables). The choice is in the address.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const [params, setParams] = useSearchParams();
  const period = (params.get('period') ?? 'today') as PeriodId;
  const today = siteDay(new Date());
  const range =
    period === 'range' && params.get('from') && params.get('to')
      ? { from: params.get('from') ?? today, to: params.get('to') ?? today }
      : presetRange(
          period === 'range'
            ? 'today'
            : (presetPeriods as readonly string[]).includes(period)
              ? (period as (typeof presetPeriods)[number])
              : 'today',
          new Date(),
        );
  const dashboard = useDashboard(range.from, range.to);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RangeForm>({
    resolver: zodResolver(rangeFormSchema) as never,
    defaultValues: { from: range.from, to: range.to },
  });

  const choose = (next: PeriodId) => setParams(new URLSearchParams({ period: next }));
  const data = dashboard.data;

  return (
    <>
      <h1 tabIndex={-1}>{t('dashboard.title')}</h1>
      <div className="page-card">
        <div className="periods" role="group" aria-label={t('dashboard.period')}>
          {presetPeriods.map((id) => (
            <Button
              key={id}
              variant={period === id ? 'primary' : 'secondary'}
              aria-pressed={period === id}
              onClick={() => choose(id)}
            >
              {t(`dashboard.periods.${id}`)}
            </Button>
          ))}
        </div>
        <form
          className="range"
          noValidate
          aria-label={t('dashboard.periods.range')}
          onSubmit={handleSubmit((values) => setParams(new URLSearchParams({ period: 'range', ...values })))}
        >
          <Field
            label={t('dashboard.from')}
            type="date"
            max={today}
            error={errors.from ? t('dashboard.validation.from') : undefined}
            {...register('from')}
          />
          <Field
            label={t('dashboard.to')}
            type="date"
            max={today}
            error={errors.to ? t('dashboard.validation.to') : undefined}
            {...register('to')}
          />
          <Button
            type="submit"
            variant={period === 'range' ? 'primary' : 'secondary'}
            aria-pressed={period === 'range'}
          >
            {t('dashboard.showRange')}
          </Button>
        </form>
        <p className="muted">{t('dashboard.siteDays')}</p>
      </div>
      {dashboard.status === 'pending' ? <Loading /> : null}
      {dashboard.status === 'error' ? (
        <div className="page-card">
          <ErrorState message={errorWithCode(t, dashboard.error)} onRetry={() => void dashboard.refetch()} />
        </div>
      ) : null}
      {data ? (
        <div aria-busy={dashboard.isFetching ? true : undefined}>
          <section className="page-card" aria-labelledby="dashboard-figures">
            <h2 id="dashboard-figures">{t('dashboard.rangeTitle', { from: data.from, to: data.to })}</h2>
            <p className="muted">
              {t('dashboard.comparedWith', { from: data.previousFrom, to: data.previousTo })}{' '}
              {data.rolledUpTo
                ? t('dashboard.rolledUpTo', { at: siteDateTime(data.rolledUpTo, i18n.language) })
                : t('dashboard.notRolledUp')}
            </p>
            <FigureCards data={data} />
          </section>
          <section className="page-card" aria-labelledby="dashboard-categories">
            <h2 id="dashboard-categories">{t('dashboard.byCategory')}</h2>
            <CategoryTable data={data} />
          </section>
          <section className="page-card" aria-labelledby="dashboard-charts">
            <h2 id="dashboard-charts">{t('dashboard.perDay')}</h2>
            <Charts data={data} />
          </section>
        </div>
      ) : null}
    </>
  );
}
