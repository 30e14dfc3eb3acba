import { useTranslation } from 'react-i18next';
import './pagination.css';

export const ELLIPSIS = '…';
export type PageItem = number | typeof ELLIPSIS;

/**
 * The page buttons to show (1-based): `margin` pages at each end, `range` pages centred on the current
 * one, and an ellipsis for each gap. A gap of a single page shows that page instead, since an ellipsis
 * would take the same room and hide it.
 * pageItems(10, 5) -> [1, '…', 4, 5, 6, '…', 10]
 */
export function pageItems(pageCount: number, page: number, range = 3, margin = 1): PageItem[] {
  const count = Math.max(0, Math.floor(pageCount));
  if (count === 0) return [];
  const current = Math.min(Math.max(1, Math.floor(page)), count);
  const span = Math.max(1, range);
  let start = current - Math.floor((span - 1) / 2);
  let end = start + span - 1;
  if (start < 1) {
    end += 1 - start;
    start = 1;
  }
  if (end > count) {
    start = Math.max(1, start - (end - count));
    end = count;
  }
  const shown = new Set<number>();
  for (let n = 1; n <= Math.min(margin, count); n += 1) shown.add(n);
  for (let n = Math.max(1, count - margin + 1); n <= count; n += 1) shown.add(n);
  for (let n = start; n <= end; n += 1) shown.add(n);

  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push(ELLIPSIS);
    items.push(n);
    previous = n;
  }
  return items;
}

export interface PaginationProps {
  pageCount: number;
  /** 1-based */
  page: number;
  onChange(page: number): void;
  range?: number;
  margin?: number;
}

export function Pagination({ pageCount, page, onChange, range = 3, margin = 1 }: PaginationProps) {
  const { t } = useTranslation('content');
  if (pageCount <= 1) return null;
  const items = pageItems(pageCount, page, range, margin);
  const go = (target: number) => {
    if (target >= 1 && target <= pageCount && target !== page) onChange(target);
  };
  return (
    <nav className="ui-pagination" aria-label={t('ui.pagination')}>
      <ul className="ui-pagination__list">
        <li>
          <button
            type="button"
            className="ui-pagination__item ui-pagination__step"
            aria-label={t('ui.previousPage')}
            disabled={page <= 1}
            onClick={() => go(page - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
        </li>
        {items.map((item, index) =>
          item === ELLIPSIS ? (
            // Two ellipses can appear; their position tells them apart.
            <li key={`gap-${index}`} className="ui-pagination__gap" aria-hidden="true">
              {ELLIPSIS}
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="ui-pagination__item"
                aria-label={t('ui.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="ui-pagination__item ui-pagination__step"
            aria-label={t('ui.nextPage')}
            disabled={page >= pageCount}
            onClick={() => go(page + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
