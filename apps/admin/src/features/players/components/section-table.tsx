import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SectionColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** right-aligned figures (money, counts) */
  numeric?: boolean;
}

/**
 * One section of the 360: its newest rows (the server caps each section) in a captioned table, and how
 * many there are in all.
 */
export function SectionTable<T>({
  caption,
  columns,
  items,
  total,
  rowKey,
  showCount = true,
}: {
  caption: string;
  columns: readonly SectionColumn<T>[];
  items: readonly T[];
  total: number;
  rowKey: (row: T, index: number) => string;
  /** the "newest n of total" line (off where the rows are all there are, e.g. sub-wallets) */
  showCount?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="section-table">
      {showCount ? (
        <p className="muted">
          {items.length < total
            ? t('players.section.newestOf', { shown: items.length, total })
            : t('players.section.all', { count: total })}
        </p>
      ) : null}
      <div className="section-table__scroll">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.numeric ? 'num' : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="section-table__empty">
                  {t('players.section.empty')}
                </td>
              </tr>
            ) : (
              items.map((row, index) => (
                <tr key={rowKey(row, index)}>
                  {columns.map((column) => (
                    <td key={column.key} className={column.numeric ? 'num' : undefined}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
