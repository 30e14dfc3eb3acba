import { formatMoney, type AdminChannel } from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { Actor, AuditService } from '../audit/index.js';
import { notFound } from '../../lib/errors.js';
import type { ChannelRow } from './channel.repository.js';
import { presentChannel, type ChannelService, type NewChannelInput } from './channel.service.js';

/** What staff see of a channel's details: never a gateway's credentials. */
function visibleDetails(row: ChannelRow): Record<string, string> {
  if (row.kind === 'bank_transfer') {
    return {
      bankName: row.details.bankName ?? '',
      accountName: row.details.accountName ?? '',
      accountNumber: row.details.accountNumber ?? '',
    };
  }
  return { provider: row.details.provider ?? '' };
}

export function presentAdminChannel(row: ChannelRow): AdminChannel {
  return {
    ...presentChannel(row),
    enabled: row.enabled,
    sortOrder: row.sortOrder,
    details: visibleDetails(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The audit's picture of a channel (the diff's before and after). */
const snapshot = (row: ChannelRow) => {
  const shown = presentAdminChannel(row);
  return {
    name: shown.name,
    names: shown.names,
    enabled: shown.enabled,
    minAmount: formatMoney(row.minAmount),
    maxAmount: formatMoney(row.maxAmount),
    sortOrder: shown.sortOrder,
  };
};

/**
 * The back office's payment channels (issue 27, "Payment channels"): the channel service's rules, each
 * change and its audit row (before and after) in one transaction, so a refused change leaves nothing.
 */
export class ChannelAdminService {
  constructor(
    private readonly services: {
      db: Database;
      channels: ChannelService;
      audit: Pick<AuditService, 'record'>;
    },
  ) {}

  async list(): Promise<AdminChannel[]> {
    return (await this.services.channels.listAll()).map(presentAdminChannel);
  }

  async add(input: NewChannelInput, by: Actor): Promise<AdminChannel> {
    return this.services.db.transaction(async (tx) => {
      const row = await this.services.channels.add(input, tx);
      await this.services.audit.record(
        by,
        'channels add',
        { channel: row.id },
        { kind: row.kind },
        { tx, before: null, after: snapshot(row) },
      );
      return presentAdminChannel(row);
    });
  }

  rename(
    id: string,
    input: { name?: string | undefined; nameBn?: string | undefined; nameEn?: string | undefined },
    by: Actor,
  ): Promise<AdminChannel> {
    return this.change(id, by, 'channels rename', (tx) => this.services.channels.rename(id, input, tx));
  }

  setEnabled(id: string, enabled: boolean, by: Actor): Promise<AdminChannel> {
    return this.change(id, by, enabled ? 'channels enable' : 'channels disable', (tx) =>
      this.services.channels.setEnabled(id, enabled, tx),
    );
  }

  setLimits(id: string, limits: { min: string; max: string }, by: Actor): Promise<AdminChannel> {
    return this.change(id, by, 'channels limits', (tx) => this.services.channels.setLimits(id, limits, tx));
  }

  async reorder(ids: readonly string[], by: Actor): Promise<AdminChannel[]> {
    return this.services.db.transaction(async (tx) => {
      const before = await this.services.channels.listAll(tx);
      const after = await this.services.channels.reorder(ids, tx);
      const orderOf = (rows: ChannelRow[]) => rows.map((row) => ({ id: row.id, sortOrder: row.sortOrder }));
      await this.services.audit.record(
        by,
        'channels order',
        null,
        { ids: [...ids] },
        { tx, before: orderOf(before), after: orderOf(after) },
      );
      return after.map(presentAdminChannel);
    });
  }

  private async change(
    id: string,
    by: Actor,
    action: string,
    work: (tx: Executor) => Promise<ChannelRow>,
  ): Promise<AdminChannel> {
    return this.services.db.transaction(async (tx) => {
      const before = await this.services.channels.find(id, tx);
      if (!before) throw notFound('channel');
      const after = await work(tx);
      await this.services.audit.record(
        by,
        action,
        { channel: id },
        {},
        { tx, before: snapshot(before), after: snapshot(after) },
      );
      return presentAdminChannel(after);
    });
  }
}
