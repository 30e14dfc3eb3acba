import type { ReactNode } from 'react';
import { Pagination } from './pagination';
import { Empty, ErrorState, Spinner } from './states';

/** What a paged list call gives (the server's page envelope), as react-query holds it. */
export interface PagedQuery<Row> {
  data?: { list: Row[]; totalPages: number };
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

export interface PagedRecordsProps<Row> {
  query: PagedQuery<Row>;
  page: number;
  onPageChange(page: number): void;
  /** read by screen readers while the page loads */
  loadingLabel: string;
  /** the failure's text (the feature's `useErrorText`) */
  errorText(error: unknown): string;
  empty: { title: string; hint?: string; action?: ReactNode };
  /** the rows of one page (a table, a card list) */
  children(list: Row[]): ReactNode;
}

/**
 * THE record list (transactions, bets, bonuses, deposits, withdrawals; lottery and agent reports):
 * loading, error with retry, empty, or the page's rows with the SPEC's pagination (range 3, margin 1).
 */
export function PagedRecords<Row>({
  query,
  page,
  onPageChange,
  loadingLabel,
  errorText,
  empty,
  children,
}: PagedRecordsProps<Row>) {
  if (query.isError)
    return <ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Spinner label={loadingLabel} />;
  if (query.data.list.length === 0)
    return <Empty title={empty.title} hint={empty.hint} action={empty.action} />;
  return (
    <>
      {children(query.data.list)}
      <Pagination
        page={page}
        pageCount={query.data.totalPages}
        onChange={onPageChange}
        range={3}
        margin={1}
      />
    </>
  );
}
