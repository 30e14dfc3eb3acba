import {
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnHelper,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallName } from '@platform/contract/client';
import { downloadCsv } from '@/lib/api-client';
import { Button } from './button';
import { ErrorState } from './states';
import './data-grid.css';

/**
 * The one data grid of the back office (ADR 095): TanStack Table renders headers and cells, the
 * server pages and sorts (manual sorting; the rows given are the page the server answered), and the
 * grid shows the row count, paging, loading, empty and error states and a CSV export of the same list.
 */

/** Only sorting is a table feature: paging is the server's, driven by `page`/`pageSize` below. */
export const gridFeatures = tableFeatures({ rowSortingFeature });
export type GridFeatures = typeof gridFeatures;
/**
 * Columns typed for a row shape: `const c = gridColumns<Row>(); c.columns([c.accessor('amount', {...})])`.
 * `columns([...])` gives the library's own array type, whose cells hold values of different types.
 */
export const gridColumns = <T extends object>() => createColumnHelper<GridFeatures, T>();
export type GridColumns<T extends object> = ReturnType<ColumnHelper<GridFeatures, T>['columns']>;

export interface GridSort {
  /** the column's id, which the list call takes as its sort key */
  id: string;
  desc: boolean;
}

export interface GridState {
  /** 1-based, as the list calls' pageNo */
  page: number;
  pageSize: number;
  sort: GridSort | null;
}

/**
 * The list call's paging and sorting parameters for a grid state: pageNo, pageSize and, when sorted,
 * sort (the column id) and order.
 */
export function gridQuery(state: GridState): {
  pageNo: number;
  pageSize: number;
  sort?: string;
  order?: 'asc' | 'desc';
} {
  const base = { pageNo: state.page, pageSize: state.pageSize };
  return state.sort ? { ...base, sort: state.sort.id, order: state.sort.desc ? 'desc' : 'asc' } : base;
}

export interface DataGridProps<T extends object> {
  /** the table's accessible name, also its visible caption */
  caption: string;
  columns: GridColumns<T>;
  rows: readonly T[] | undefined;
  /** every row of the list on the server, not only this page */
  rowCount: number | undefined;
  state: GridState;
  onStateChange: (state: GridState) => void;
  status: 'pending' | 'error' | 'success';
  error?: string;
  onRetry?: () => void;
  /** a stable key per row (an id), so React keeps rows apart across pages */
  rowId: (row: T) => string;
  pageSizes?: readonly number[];
  /** the list call and its filters (without paging): the export asks the same call with format=csv */
  csv?: { call: CallName; query: object; fileName: string };
}

const DEFAULT_PAGE_SIZES = [20, 50, 100] as const;

export function DataGrid<T extends object>({
  caption,
  columns,
  rows,
  rowCount,
  state,
  onStateChange,
  status,
  error,
  onRetry,
  rowId,
  pageSizes = DEFAULT_PAGE_SIZES,
  csv,
}: DataGridProps<T>) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const sorting: SortingState = state.sort ? [state.sort] : [];
  const table = useTable({
    features: gridFeatures,
    columns,
    data: rows ?? [],
    getRowId: (row) => rowId(row),
    manualSorting: true,
    // One column at a time: the list calls take one sort key.
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      // A new order shows its first page: page 7 of another order is a different set of rows.
      onStateChange({ ...state, page: 1, sort: first ? { id: first.id, desc: first.desc } : null });
    },
  });

  const pages = rowCount === undefined ? undefined : Math.max(1, Math.ceil(rowCount / state.pageSize));
  const exportCsv = async () => {
    if (!csv) return;
    setExporting(true);
    setExportFailed(false);
    try {
      const { pageNo: _pageNo, pageSize: _pageSize, ...sortOnly } = gridQuery(state);
      await downloadCsv(csv.call, { ...csv.query, ...sortOnly }, csv.fileName);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };

  const headerGroups = table.getHeaderGroups();
  const columnCount = table.getAllLeafColumns().length;
  let body;
  if (status === 'pending') {
    body = (
      <tr>
        <td colSpan={columnCount} className="data-grid__state" role="status">
          {t('grid.loading')}
        </td>
      </tr>
    );
  } else if (status === 'error') {
    body = (
      <tr>
        <td colSpan={columnCount} className="data-grid__state">
          <ErrorState message={error ?? t('grid.error')} onRetry={onRetry} />
        </td>
      </tr>
    );
  } else if (!rows || rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className="data-grid__state">
          {t('grid.empty')}
        </td>
      </tr>
    );
  } else {
    body = table.getRowModel().rows.map((row) => (
      <tr key={row.id}>
        {row.getAllCells().map((cell) => (
          <td key={cell.id}>
            <table.FlexRender cell={cell} />
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div className="data-grid">
      <div className="data-grid__bar">
        <p className="data-grid__count" aria-live="polite">
          {rowCount === undefined ? '' : t('grid.rowCount', { count: rowCount })}
        </p>
        {csv ? (
          <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? t('grid.exporting') : t('grid.exportCsv')}
          </Button>
        ) : null}
      </div>
      {exportFailed ? <p role="alert">{t('grid.exportFailed')}</p> : null}
      <div className="data-grid__scroll">
        <table aria-busy={status === 'pending' ? true : undefined}>
          <caption>{caption}</caption>
          <thead>
            {headerGroups.map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = header.column;
                  const sorted = column.getIsSorted();
                  const label = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      {column.getCanSort() && !header.isPlaceholder ? (
                        <button
                          type="button"
                          className="data-grid__sort"
                          onClick={column.getToggleSortingHandler()}
                        >
                          {label}
                          <span aria-hidden="true" className="data-grid__arrow">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      <nav className="data-grid__pages" aria-label={t('grid.pagination')}>
        <label className="data-grid__size">
          {t('grid.pageSize')}
          <select
            value={state.pageSize}
            onChange={(event) => onStateChange({ ...state, page: 1, pageSize: Number(event.target.value) })}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="secondary"
          disabled={state.page <= 1}
          onClick={() => onStateChange({ ...state, page: state.page - 1 })}
        >
          {t('grid.previous')}
        </Button>
        <span>{pages === undefined ? '' : t('grid.pageOf', { page: state.page, pages })}</span>
        <Button
          variant="secondary"
          disabled={pages === undefined || state.page >= pages}
          onClick={() => onStateChange({ ...state, page: state.page + 1 })}
        >
          {t('grid.next')}
        </Button>
      </nav>
    </div>
  );
}
