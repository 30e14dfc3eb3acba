import type { Player360 } from '@platform/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { siteDateTime } from '../lib/dates';
import { useMoney } from '../lib/money';
import { PlayerActions } from './player-actions';
import { PlayerNotes } from './player-notes';
import { PlayerTags } from './player-tags';
import { SectionTable } from './section-table';
import { Tabs, type Tab } from './tabs';

type Statement = Player360['statement']['items'][number];
type Deposit = Player360['deposits']['items'][number];
type Withdrawal = Player360['withdrawals']['items'][number];
type Bonus = Player360['bonuses']['items'][number];
type Bet = Player360['bets']['items'][number];
type Session = Player360['sessions']['items'][number];
type Login = Player360['logins']['items'][number];
type Linked = Player360['linked']['items'][number];

function Facts({ label, facts }: { label: string; facts: readonly [string, ReactNode][] }) {
  return (
    <section className="facts" aria-label={label}>
      <h3>{label}</h3>
      <dl>
        {facts.map(([term, value]) => (
          <div key={term} className="facts__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A member link: the 360 of an upline, a referrer, a linked account. */
const MemberLink = ({ account, username }: { account: string; username: string }) => (
  <Link to={`/players/${account}`}>
    {username} ({account})
  </Link>
);

/**
 * The player 360 from the server's answer: the header with status and actions, then a tab per section
 * (each with its count): overview (profile, balances, loyalty, agent, referral, tags), statement,
 * deposits, withdrawals, bonuses, bets, sessions, logins, linked accounts and staff notes.
 */
export function Player360View({
  player,
  initialTab = 'overview',
}: {
  player: Player360;
  initialTab?: string;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const [tab, setTab] = useState(initialTab);
  const when = (iso: string | null | undefined) => siteDateTime(iso, i18n.language);
  const yesNo = (value: boolean) => (value ? t('players.yes') : t('players.no'));
  const { profile, balances } = player;
  const status = (value: string) => t(`players.status.${value}`, { defaultValue: value });

  const flags = [
    profile.locked ? t('players.flags.locked') : null,
    profile.bettingSuspended ? t('players.flags.bettingSuspended') : null,
    profile.withdrawalsSuspended ? t('players.flags.withdrawalsSuspended') : null,
    profile.loginAllowed ? null : t('players.flags.noLogin'),
  ].filter((flag): flag is string => flag !== null);

  const overview = () => (
    <div className="overview">
      <Facts
        label={t('players.sections.profile')}
        facts={[
          [t('players.profile.account'), profile.account],
          [t('players.profile.username'), profile.username],
          [t('players.profile.nickname'), profile.nickname ?? '—'],
          [t('players.profile.realName'), profile.realName ?? '—'],
          [
            t('players.profile.mobile'),
            profile.mobile
              ? `${profile.countryDialingCode ? `+${profile.countryDialingCode} ` : ''}${profile.mobile} (${
                  profile.mobileVerified ? t('players.profile.verified') : t('players.profile.unverified')
                })`
              : '—',
          ],
          [t('players.profile.email'), profile.email ?? '—'],
          [
            t('players.profile.type'),
            t(`players.types.${profile.type}`, { defaultValue: String(profile.type) }),
          ],
          [t('players.profile.status'), status(profile.status)],
          [t('players.profile.paymentPassword'), yesNo(profile.hasPaymentPassword)],
          [t('players.profile.twoFactor'), yesNo(profile.twoFactor)],
          [t('players.profile.createdAt'), when(profile.createdAt)],
          [
            t('players.profile.registeredFrom'),
            [profile.registerIp, profile.registerCountry, profile.registerDomain]
              .filter(Boolean)
              .join(' · ') || '—',
          ],
          [t('players.profile.firstLoginAt'), when(profile.firstLoginAt)],
          [
            t('players.profile.lastLogin'),
            profile.lastLoginAt ? `${when(profile.lastLoginAt)} · ${profile.lastLoginIp ?? '—'}` : '—',
          ],
        ]}
      />
      <section className="facts" aria-labelledby="balances-heading">
        <h3 id="balances-heading">{t('players.sections.balances')}</h3>
        <dl>
          <div className="facts__row">
            <dt>{t('players.balances.main')}</dt>
            <dd className="num">{money(balances.main)}</dd>
          </div>
          <div className="facts__row">
            <dt>{t('players.balances.bonus')}</dt>
            <dd className="num">{money(balances.bonus)}</dd>
          </div>
          <div className="facts__row">
            <dt>{t('players.balances.held')}</dt>
            <dd className="num">{money(balances.held)}</dd>
          </div>
          <div className="facts__row">
            <dt>{t('players.balances.demo')}</dt>
            <dd className="num">{money(balances.demo)}</dd>
          </div>
        </dl>
        <SectionTable
          caption={t('players.balances.subWallets')}
          items={balances.subWallets}
          total={balances.subWallets.length}
          showCount={false}
          rowKey={(row) => row.vendor}
          columns={[
            { key: 'vendor', header: t('players.columns.vendor'), cell: (row) => row.vendor },
            {
              key: 'balance',
              header: t('players.columns.balance'),
              cell: (row) => money(row.balance),
              numeric: true,
            },
            {
              key: 'refreshed',
              header: t('players.columns.refreshedAt'),
              cell: (row) => when(row.refreshedAt),
            },
          ]}
        />
      </section>
      <Facts
        label={t('players.sections.loyalty')}
        facts={[
          [t('players.loyalty.points'), player.loyalty.points],
          [t('players.loyalty.rank'), String(player.loyalty.rankLevel)],
        ]}
      />
      <section className="facts" aria-labelledby="agent-heading">
        <h3 id="agent-heading">{t('players.sections.agent')}</h3>
        {player.agent.uplines.length === 0 ? (
          <p>{t('players.agent.noUpline')}</p>
        ) : (
          <ol className="upline-chain" aria-label={t('players.agent.chain')}>
            {player.agent.uplines.map((upline) => (
              <li key={upline.account}>
                <MemberLink account={upline.account} username={upline.username} />
              </li>
            ))}
          </ol>
        )}
        <dl>
          <div className="facts__row">
            <dt>{t('players.agent.downlines')}</dt>
            <dd>{player.agent.downlines}</dd>
          </div>
          <div className="facts__row">
            <dt>{t('players.agent.team')}</dt>
            <dd>{player.agent.team}</dd>
          </div>
        </dl>
      </section>
      <Facts
        label={t('players.sections.referral')}
        facts={[
          [t('players.referral.code'), player.referral.code],
          [
            t('players.referral.referredBy'),
            player.referral.referredBy ? (
              <MemberLink
                account={player.referral.referredBy.account}
                username={player.referral.referredBy.username}
              />
            ) : (
              '—'
            ),
          ],
          [t('players.referral.friends'), String(player.referral.friends)],
          [t('players.referral.rewardsPaid'), money(player.referral.rewardsPaid)],
        ]}
      />
      <PlayerTags account={profile.account} tags={player.tags} />
    </div>
  );

  const tabs: Tab[] = [
    { id: 'overview', label: t('players.tabs.overview'), panel: overview },
    {
      id: 'statement',
      label: t('players.tabs.statement'),
      count: player.statement.total,
      panel: () => (
        <SectionTable<Statement>
          caption={t('players.tabs.statement')}
          items={player.statement.items}
          total={player.statement.total}
          rowKey={(row, index) => `${row.at}-${index}`}
          columns={[
            { key: 'at', header: t('players.columns.at'), cell: (row) => when(row.at) },
            { key: 'kind', header: t('players.columns.kind'), cell: (row) => row.kind },
            {
              key: 'wallet',
              header: t('players.columns.wallet'),
              cell: (row) => t(`players.wallets.${row.wallet}`, { defaultValue: row.wallet }),
            },
            {
              key: 'amount',
              header: t('players.columns.amount'),
              cell: (row) => money(row.amount),
              numeric: true,
            },
            {
              key: 'balance',
              header: t('players.columns.balanceAfter'),
              cell: (row) => money(row.balanceAfter),
              numeric: true,
            },
            { key: 'reference', header: t('players.columns.reference'), cell: (row) => row.reference ?? '—' },
            { key: 'memo', header: t('players.columns.memo'), cell: (row) => row.memo ?? '—' },
            { key: 'actor', header: t('players.columns.actor'), cell: (row) => row.actor },
          ]}
        />
      ),
    },
    {
      id: 'deposits',
      label: t('players.tabs.deposits'),
      count: player.deposits.total,
      panel: () => (
        <>
          <p>{t('players.deposits.creditedTotal', { amount: money(player.deposits.creditedTotal) })}</p>
          <SectionTable<Deposit>
            caption={t('players.tabs.deposits')}
            items={player.deposits.items}
            total={player.deposits.total}
            rowKey={(row) => row.id}
            columns={[
              { key: 'at', header: t('players.columns.at'), cell: (row) => when(row.at) },
              { key: 'id', header: t('players.columns.id'), cell: (row) => row.id },
              { key: 'channel', header: t('players.columns.channel'), cell: (row) => row.channel },
              {
                key: 'amount',
                header: t('players.columns.amount'),
                cell: (row) => money(row.amount),
                numeric: true,
              },
              { key: 'status', header: t('players.columns.status'), cell: (row) => status(row.status) },
              { key: 'reference', header: t('players.columns.reference'), cell: (row) => row.reference },
              {
                key: 'decidedBy',
                header: t('players.columns.decidedBy'),
                cell: (row) => row.decidedBy ?? '—',
              },
            ]}
          />
        </>
      ),
    },
    {
      id: 'withdrawals',
      label: t('players.tabs.withdrawals'),
      count: player.withdrawals.total,
      panel: () => (
        <>
          <p>{t('players.withdrawals.paidTotal', { amount: money(player.withdrawals.paidTotal) })}</p>
          <SectionTable<Withdrawal>
            caption={t('players.tabs.withdrawals')}
            items={player.withdrawals.items}
            total={player.withdrawals.total}
            rowKey={(row) => row.id}
            columns={[
              { key: 'at', header: t('players.columns.at'), cell: (row) => when(row.at) },
              { key: 'id', header: t('players.columns.id'), cell: (row) => row.id },
              {
                key: 'amount',
                header: t('players.columns.amount'),
                cell: (row) => money(row.amount),
                numeric: true,
              },
              { key: 'status', header: t('players.columns.status'), cell: (row) => status(row.status) },
              {
                key: 'bank',
                header: t('players.columns.bank'),
                cell: (row) => `${row.bankName} ${row.accountNumber}`,
              },
              {
                key: 'decidedBy',
                header: t('players.columns.decidedBy'),
                cell: (row) => row.decidedBy ?? '—',
              },
              { key: 'reason', header: t('players.columns.reason'), cell: (row) => row.reason ?? '—' },
            ]}
          />
        </>
      ),
    },
    {
      id: 'bonuses',
      label: t('players.tabs.bonuses'),
      count: player.bonuses.total,
      panel: () => (
        <>
          <p>{t('players.bonuses.requiredTotal', { amount: money(player.bonuses.requiredTotal) })}</p>
          <SectionTable<Bonus>
            caption={t('players.tabs.bonuses')}
            items={player.bonuses.items}
            total={player.bonuses.total}
            rowKey={(row, index) => `${row.at}-${index}`}
            columns={[
              { key: 'at', header: t('players.columns.at'), cell: (row) => when(row.at) },
              {
                key: 'source',
                header: t('players.columns.source'),
                cell: (row) => t(`players.bonuses.sources.${row.source}`, { defaultValue: row.source }),
              },
              {
                key: 'amount',
                header: t('players.columns.amount'),
                cell: (row) => money(row.amount),
                numeric: true,
              },
              {
                key: 'required',
                header: t('players.columns.required'),
                cell: (row) => money(row.required),
                numeric: true,
              },
              {
                key: 'reference',
                header: t('players.columns.reference'),
                cell: (row) => row.reference ?? '—',
              },
              {
                key: 'forfeited',
                header: t('players.columns.forfeited'),
                cell: (row) => yesNo(row.forfeited),
              },
            ]}
          />
        </>
      ),
    },
    {
      id: 'bets',
      label: t('players.tabs.bets'),
      count: player.bets.total,
      panel: () => (
        <SectionTable<Bet>
          caption={t('players.tabs.bets')}
          items={player.bets.items}
          total={player.bets.total}
          rowKey={(row) => `${row.source}-${row.vendor}-${row.roundId}`}
          columns={[
            { key: 'at', header: t('players.columns.at'), cell: (row) => when(row.at) },
            {
              key: 'source',
              header: t('players.columns.category'),
              cell: (row) => t(`players.bets.sources.${row.source}`),
            },
            { key: 'vendor', header: t('players.columns.vendor'), cell: (row) => row.vendor },
            { key: 'game', header: t('players.columns.game'), cell: (row) => row.game },
            {
              key: 'round',
              header: t('players.columns.roundId'),
              cell: (row) => (row.period ? `${row.roundId} · ${row.period}` : row.roundId),
            },
            {
              key: 'stake',
              header: t('players.columns.stake'),
              cell: (row) => money(row.stake),
              numeric: true,
            },
            { key: 'win', header: t('players.columns.win'), cell: (row) => money(row.win), numeric: true },
            {
              key: 'status',
              header: t('players.columns.status'),
              cell: (row) => `${status(row.status)}${row.demo ? ` · ${t('players.bets.demo')}` : ''}`,
            },
          ]}
        />
      ),
    },
    {
      id: 'sessions',
      label: t('players.tabs.sessions'),
      count: player.sessions.total,
      panel: () => (
        <SectionTable<Session>
          caption={t('players.tabs.sessions')}
          items={player.sessions.items}
          total={player.sessions.total}
          rowKey={(row, index) => `${row.at}-${index}`}
          columns={[
            { key: 'at', header: t('players.columns.startedAt'), cell: (row) => when(row.at) },
            { key: 'seen', header: t('players.columns.lastSeenAt'), cell: (row) => when(row.lastSeenAt) },
            { key: 'ip', header: t('players.columns.ip'), cell: (row) => row.ip ?? '—' },
            { key: 'country', header: t('players.columns.country'), cell: (row) => row.country ?? '—' },
            {
              key: 'device',
              header: t('players.columns.device'),
              cell: (row) => <span title={row.userAgent ?? undefined}>{row.device ?? '—'}</span>,
            },
            {
              key: 'state',
              header: t('players.columns.state'),
              cell: (row) =>
                `${t(`players.sessions.${row.state}`)}${row.endedReason ? ` · ${row.endedReason}` : ''}`,
            },
          ]}
        />
      ),
    },
    {
      id: 'logins',
      label: t('players.tabs.logins'),
      count: player.logins.total,
      panel: () => (
        <SectionTable<Login>
          caption={t('players.tabs.logins')}
          items={player.logins.items}
          total={player.logins.total}
          rowKey={(row, index) => `${row.at}-${index}`}
          columns={[
            { key: 'at', header: t('players.columns.at'), cell: (row) => when(row.at) },
            { key: 'event', header: t('players.columns.event'), cell: (row) => row.event },
            { key: 'ip', header: t('players.columns.ip'), cell: (row) => row.ip ?? '—' },
            { key: 'country', header: t('players.columns.country'), cell: (row) => row.country ?? '—' },
            { key: 'device', header: t('players.columns.device'), cell: (row) => row.device ?? '—' },
          ]}
        />
      ),
    },
    {
      id: 'linked',
      label: t('players.tabs.linked'),
      count: player.linked.total,
      panel: () => (
        <SectionTable<Linked>
          caption={t('players.tabs.linked')}
          items={player.linked.items}
          total={player.linked.total}
          rowKey={(row) => row.account}
          columns={[
            {
              key: 'member',
              header: t('players.columns.member'),
              cell: (row) => <MemberLink account={row.account} username={row.username} />,
            },
            { key: 'status', header: t('players.columns.status'), cell: (row) => status(row.status) },
            {
              key: 'via',
              header: t('players.columns.via'),
              cell: (row) => row.via.map((via) => t(`players.via.${via}`)).join(', '),
            },
            { key: 'value', header: t('players.columns.sharedValue'), cell: (row) => row.value },
          ]}
        />
      ),
    },
    {
      id: 'notes',
      label: t('players.tabs.notes'),
      count: player.notes.total,
      panel: () => <PlayerNotes account={profile.account} notes={player.notes} />,
    },
  ];

  return (
    <>
      <h1 tabIndex={-1}>
        {t('players.player360', { username: profile.username, account: profile.account })}
      </h1>
      <div className="page-card player-head">
        <p>
          <Link to="/players">{t('players.backToSearch')}</Link>
        </p>
        <p className="player-head__status">
          <span className={`badge badge--${profile.status}`}>{status(profile.status)}</span>
          {flags.map((flag) => (
            <span key={flag} className="badge badge--warning">
              {flag}
            </span>
          ))}
        </p>
        <PlayerActions player={player} />
      </div>
      <div className="page-card">
        <Tabs label={t('players.sectionsLabel')} tabs={tabs} selected={tab} onSelect={setTab} />
      </div>
    </>
  );
}
