import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, PagedRecords } from '@/components';
import { useCountFormat } from '@/features/system';
import { useErrorText } from '@/lib/error-text';
import { formatDate } from '@/lib/dates';
import { useTeamMembers } from '../api/get-team-members';
import { UsernameFilter } from '../components/report-filters';

const PAGE_SIZE = 20;

/** Team management (downlineManagmentView): direct downlines, drill down level by level, search. */
export function TeamManagementPage() {
  const { t, i18n } = useTranslation('agent');
  const count = useCountFormat();
  const errorText = useErrorText('agent', 'errors.generic');
  const [parent, setParent] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [username, setUsername] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const members = useTeamMembers({ parent, username: username || undefined, pageNo, pageSize: PAGE_SIZE });
  const go = (next: string | undefined) => {
    setParent(next);
    setPageNo(1);
  };
  const breadcrumb = members.data?.breadcrumb ?? [];
  return (
    <div className="agent-page agent-page--wide">
      <form
        className="date-range"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setUsername(search.trim());
          setParent(undefined);
          setPageNo(1);
        }}
      >
        <UsernameFilter label={t('team.search')} value={search} onChange={setSearch} />
        <Button type="submit" size="sm">
          {t('team.searchButton')}
        </Button>
      </form>
      {breadcrumb.length > 0 && !username ? (
        <nav aria-label={t('team.breadcrumb')}>
          <ol className="agent-breadcrumb">
            {breadcrumb.map((step, index) => (
              <li key={step.publicId}>
                {index === breadcrumb.length - 1 ? (
                  <span aria-current="page">{step.username}</span>
                ) : (
                  <button
                    type="button"
                    className="agent-link"
                    onClick={() => go(index === 0 ? undefined : step.publicId)}
                  >
                    {step.username}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <PagedRecords
        query={members}
        page={pageNo}
        onPageChange={setPageNo}
        loadingLabel={t('centre.loading')}
        errorText={errorText}
        empty={{ title: t('team.empty'), hint: t('team.emptyHint') }}
      >
        {(list) => (
          <div className="agent-table-wrap" aria-busy={members.isFetching || undefined}>
            <table className="agent-table" aria-label={t('team.table')}>
              <thead>
                <tr>
                  <th scope="col">{t('team.username')}</th>
                  <th scope="col">{t('team.kind')}</th>
                  <th scope="col" className="agent-table__num">
                    {t('team.teamSize')}
                  </th>
                  <th scope="col">{t('team.contracts')}</th>
                  <th scope="col">{t('team.joined')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((row) => (
                  <tr key={row.publicId}>
                    <td>
                      {row.teamSize > 0 ? (
                        <button type="button" className="agent-link" onClick={() => go(row.publicId)}>
                          {row.username}
                        </button>
                      ) : (
                        row.username
                      )}
                      {row.status !== 'active' ? <span className="agent-muted"> ({row.status})</span> : null}
                    </td>
                    <td>{row.isAgent ? t('team.agent') : t('team.player')}</td>
                    <td className="agent-table__num">{count(row.teamSize)}</td>
                    <td>
                      {row.contracts.length === 0
                        ? '—'
                        : row.contracts
                            .map(
                              (contract) =>
                                `${t(`kinds.${contract.kind}`)} (${t(`status.${contract.status}`)})`,
                            )
                            .join(', ')}
                    </td>
                    <td>{formatDate(row.joinedAt, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedRecords>
    </div>
  );
}
