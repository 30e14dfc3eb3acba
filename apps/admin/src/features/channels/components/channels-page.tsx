import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/app/use-page-title';
import { Button } from '@/components/button';
import { ErrorState, Loading } from '@/components/states';
import { ConfirmDialog, queueErrorText } from '@/features/queues';
import { callExists, mayCall } from '@/lib/access';
import { useStaffSession } from '@/lib/session';
import { moved, useChannelChanges, useChannels, type AdminChannel } from '../api/channels';
import { AddChannelDialog, ChannelLimitsDialog, RenameChannelDialog } from './channel-forms';
import './channels.css';

type Open = { kind: 'add' } | { kind: 'rename' | 'limits' | 'toggle'; channel: AdminChannel } | null;

/** Payment channels: the list in members' order, add, rename, limits, enable or disable, move. */
export function ChannelsPage() {
  const { t } = useTranslation();
  const session = useStaffSession();
  const roles = session?.roles ?? [];
  const query = useChannels();
  const changes = useChannelChanges();
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  usePageTitle(t('channels.title'));
  const may = (call: Parameters<typeof mayCall>[1]) => callExists(call) && mayCall(roles, call);
  const show = (next: Open) => {
    Object.values(changes).forEach((mutation) => mutation.reset());
    setDone(null);
    setOpen(next);
  };
  const finish = (text: string) => () => {
    setOpen(null);
    setDone(text);
  };
  const channels = query.data ?? [];
  const ids = channels.map((channel) => channel.id);
  const orderError = changes.order.error ? queueErrorText(t, changes.order.error) : null;

  return (
    <>
      <h1 tabIndex={-1}>{t('channels.title')}</h1>
      <p className="muted">{t('channels.intro')}</p>
      {may('adminAddChannel') ? (
        <p>
          <Button onClick={() => show({ kind: 'add' })}>{t('channels.add')}</Button>
        </p>
      ) : null}
      {done ? (
        <p role="status" className="queue-notice">
          {done}
        </p>
      ) : null}
      {orderError ? (
        <p role="alert" className="queue-error">
          {orderError}
        </p>
      ) : null}
      {query.status === 'pending' ? <Loading /> : null}
      {query.status === 'error' ? (
        <ErrorState message={queueErrorText(t, query.error)} onRetry={() => void query.refetch()} />
      ) : null}
      {query.status === 'success' && channels.length === 0 ? <p>{t('channels.empty')}</p> : null}
      {channels.length > 0 ? (
        <div className="channels__scroll">
          <table className="channels">
            <caption>{t('channels.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('channels.columns.order')}</th>
                <th scope="col">{t('channels.columns.name')}</th>
                <th scope="col">{t('channels.columns.kind')}</th>
                <th scope="col">{t('channels.columns.limits')}</th>
                <th scope="col">{t('channels.columns.details')}</th>
                <th scope="col">{t('channels.columns.state')}</th>
                <th scope="col">{t('channels.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {channels.map((channel, index) => (
                <tr key={channel.id}>
                  <td>{index + 1}</td>
                  <th scope="row">
                    {channel.name}
                    <span className="channels__names">
                      {Object.entries(channel.names)
                        .map(([language, name]) => `${language}: ${name}`)
                        .join(' · ')}
                    </span>
                  </th>
                  <td>{t(`channels.kind.${channel.kind}`)}</td>
                  <td className="queue-money">
                    {t('channels.range', { min: channel.minAmount, max: channel.maxAmount })}
                  </td>
                  <td>
                    {Object.entries(channel.details).map(([key, value]) => (
                      <span key={key} className="channels__line">
                        {t(`channels.detail.${key}`, { defaultValue: key })}: {value}
                      </span>
                    ))}
                  </td>
                  <td>{channel.enabled ? t('channels.enabled') : t('channels.disabled')}</td>
                  <td>
                    <div className="channels__actions">
                      {may('adminChannelOrder') ? (
                        <>
                          <Button
                            variant="secondary"
                            disabled={index === 0 || changes.order.isPending}
                            aria-label={t('channels.moveUp', { name: channel.name })}
                            onClick={() => changes.order.mutate(moved(ids, channel.id, -1))}
                          >
                            ↑
                          </Button>
                          <Button
                            variant="secondary"
                            disabled={index === channels.length - 1 || changes.order.isPending}
                            aria-label={t('channels.moveDown', { name: channel.name })}
                            onClick={() => changes.order.mutate(moved(ids, channel.id, 1))}
                          >
                            ↓
                          </Button>
                        </>
                      ) : null}
                      {may('adminRenameChannel') ? (
                        <Button
                          variant="secondary"
                          aria-label={`${t('channels.rename')} ${channel.name}`}
                          onClick={() => show({ kind: 'rename', channel })}
                        >
                          {t('channels.rename')}
                        </Button>
                      ) : null}
                      {may('adminChannelLimits') ? (
                        <Button
                          variant="secondary"
                          aria-label={`${t('channels.limits')} ${channel.name}`}
                          onClick={() => show({ kind: 'limits', channel })}
                        >
                          {t('channels.limits')}
                        </Button>
                      ) : null}
                      {may(channel.enabled ? 'adminDisableChannel' : 'adminEnableChannel') ? (
                        <Button
                          variant="secondary"
                          aria-label={`${channel.enabled ? t('channels.disable') : t('channels.enable')} ${channel.name}`}
                          onClick={() => show({ kind: 'toggle', channel })}
                        >
                          {channel.enabled ? t('channels.disable') : t('channels.enable')}
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {open?.kind === 'add' ? (
        <AddChannelDialog
          busy={changes.add.isPending}
          error={changes.add.error ? queueErrorText(t, changes.add.error) : null}
          onClose={() => setOpen(null)}
          onSubmit={(body) => changes.add.mutate(body, { onSuccess: finish(t('channels.added')) })}
        />
      ) : null}
      {open?.kind === 'rename' ? (
        <RenameChannelDialog
          channel={open.channel}
          busy={changes.rename.isPending}
          error={changes.rename.error ? queueErrorText(t, changes.rename.error) : null}
          onClose={() => setOpen(null)}
          onSubmit={(body) =>
            changes.rename.mutate({ id: open.channel.id, body }, { onSuccess: finish(t('channels.renamed')) })
          }
        />
      ) : null}
      {open?.kind === 'limits' ? (
        <ChannelLimitsDialog
          channel={open.channel}
          busy={changes.limits.isPending}
          error={changes.limits.error ? queueErrorText(t, changes.limits.error) : null}
          onClose={() => setOpen(null)}
          onSubmit={(limits) =>
            changes.limits.mutate(
              { id: open.channel.id, ...limits },
              { onSuccess: finish(t('channels.limited')) },
            )
          }
        />
      ) : null}
      {open?.kind === 'toggle' ? (
        <ConfirmDialog
          title={open.channel.enabled ? t('channels.disableTitle') : t('channels.enableTitle')}
          summary={
            open.channel.enabled
              ? t('channels.disableSummary', { name: open.channel.name })
              : t('channels.enableSummary', { name: open.channel.name })
          }
          confirmLabel={open.channel.enabled ? t('channels.disable') : t('channels.enable')}
          busy={changes.enable.isPending || changes.disable.isPending}
          error={
            (changes.enable.error ?? changes.disable.error)
              ? queueErrorText(t, changes.enable.error ?? changes.disable.error)
              : null
          }
          onClose={() => setOpen(null)}
          onConfirm={() =>
            (open.channel.enabled ? changes.disable : changes.enable).mutate(open.channel.id, {
              onSuccess: finish(
                open.channel.enabled ? t('channels.disabledDone') : t('channels.enabledDone'),
              ),
            })
          }
        />
      ) : null}
    </>
  );
}
