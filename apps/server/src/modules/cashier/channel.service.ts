import {
  channelKinds,
  formatMoney,
  MONEY_PATTERN,
  parseMoney,
  type Channel,
  type Issue,
  type LocalizedText,
} from '@platform/contract';
import type { AppDeps } from '../../lib/deps.js';
import type { Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Rng } from '../../lib/rng.js';
import { channelRepository, type ChannelRow, type NewChannelRow } from './channel.repository.js';
import type { GatewayRegistry } from './gateway/gateway-registry.js';
import { SandboxProvider } from './gateway/sandbox-gateway.js';

/** One currency per deployment; the ledger's real money. */
export const CASHIER_CURRENCY = 'REAL';

export type ChannelKind = (typeof channelKinds)[number];

export interface NewChannelInput {
  kind: string;
  name: string;
  /** the name in Bengali and English, when they differ from `name` */
  nameBn?: string;
  nameEn?: string;
  /** decimal strings, as the operator typed them */
  min: string;
  max: string;
  bankName?: string;
  accountName?: string;
  accountNumber?: string;
  /** gateway channels: which provider (sandbox today) */
  provider?: string;
  sortOrder?: number;
}

export interface BankDetails {
  bankName: string;
  accountName: string;
  accountNumber: string;
}

export const isChannelKind = (kind: string): kind is ChannelKind =>
  (channelKinds as readonly string[]).includes(kind);

export const bankDetailsOf = (row: ChannelRow): BankDetails => ({
  bankName: row.details.bankName ?? '',
  accountName: row.details.accountName ?? '',
  accountNumber: row.details.accountNumber ?? '',
});

/** The name in every language: what the operator gave, `name` where they gave nothing. */
export const channelNames = (row: Pick<ChannelRow, 'name' | 'names'>): LocalizedText => ({
  ...row.names,
  bn: row.names?.bn || row.name,
  en: row.names?.en || row.name,
});

export const presentChannel = (row: ChannelRow): Channel => ({
  id: row.id,
  kind: isChannelKind(row.kind) ? row.kind : 'bank_transfer',
  name: row.name,
  names: channelNames(row),
  minAmount: formatMoney(row.minAmount),
  maxAmount: formatMoney(row.maxAmount),
});

const text = (value: string | undefined, path: string, issues: Issue[], max = 64): string => {
  const trimmed = value?.trim() ?? '';
  if (trimmed.length < 2 || trimmed.length > max) {
    issues.push({ path, message: 'validation.length', params: { min: 2, max } });
  }
  return trimmed;
};

const positiveMoney = (value: string, path: string, issues: Issue[]): bigint | null => {
  const trimmed = value.trim();
  if (!MONEY_PATTERN.test(trimmed) || trimmed.startsWith('-') || parseMoney(trimmed) <= 0n) {
    issues.push({ path, message: 'an amount above zero with at most 2 decimals, e.g. 100 or 99.50' });
    return null;
  }
  return parseMoney(trimmed);
};

/**
 * Payment channels the operator configures: bank accounts members transfer to, and online gateways.
 * A channel that deposits point at is never deleted (their history would lose its channel): disable it.
 */
export class ChannelService {
  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'clock' | 'rng'>,
    private readonly gateways: GatewayRegistry,
  ) {}

  /** what a member may deposit through: enabled, and for gateways a provider this deployment offers */
  async listForMembers(): Promise<Channel[]> {
    const rows = await channelRepository.enabled(this.deps.db);
    return rows.filter((row) => this.usable(row)).map(presentChannel);
  }

  async listAll(db: Executor = this.deps.db): Promise<ChannelRow[]> {
    return channelRepository.all(db);
  }

  /** the channel when a member may deposit through it now */
  usable(row: ChannelRow): boolean {
    if (!row.enabled || row.currency !== CASHIER_CURRENCY) return false;
    if (row.kind === 'bank_transfer') return true;
    return row.kind === 'gateway' && this.gateways.available(row.details.provider) !== null;
  }

  async add(input: NewChannelInput, db: Executor = this.deps.db): Promise<ChannelRow> {
    const row = buildChannel(input, { rng: this.deps.rng, clock: this.deps.clock }, (name) =>
      this.gateways.get(name),
    );
    return channelRepository.insert(db, row);
  }

  async find(id: string, db: Executor = this.deps.db): Promise<ChannelRow | null> {
    return channelRepository.find(db, id);
  }

  /** New limits, both at once: positive amounts, max not below min. */
  async setLimits(
    id: string,
    input: { min: string; max: string },
    db: Executor = this.deps.db,
  ): Promise<ChannelRow> {
    const issues: Issue[] = [];
    const min = positiveMoney(input.min, 'min', issues);
    const max = positiveMoney(input.max, 'max', issues);
    if (min !== null && max !== null && max < min)
      issues.push({ path: 'max', message: 'must not be below min' });
    if (issues.length > 0 || min === null || max === null) throw invalid(issues);
    const row = await channelRepository.setLimits(db, id, min, max);
    if (!row) throw notFound('channel');
    return row;
  }

  /** The order members see: every channel's id exactly once, first shown first. */
  async reorder(ids: readonly string[], db: Executor = this.deps.db): Promise<ChannelRow[]> {
    const all = await channelRepository.all(db);
    const known = new Set(all.map((row) => row.id));
    const given = new Set(ids);
    const issues: Issue[] = [];
    if (given.size !== ids.length) issues.push({ path: 'ids', message: 'each channel once' });
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) issues.push({ path: 'ids', message: `unknown channels: ${unknown.join(', ')}` });
    const missing = all.filter((row) => !given.has(row.id)).map((row) => row.id);
    if (missing.length > 0)
      issues.push({ path: 'ids', message: `every channel; missing: ${missing.join(', ')}` });
    if (issues.length > 0) throw invalid(issues);
    for (const [index, id] of ids.entries()) await channelRepository.setSortOrder(db, id, index + 1);
    return channelRepository.all(db);
  }

  /** New names for a channel (`name`, and per language); the deposits made through it show them too. */
  async rename(
    id: string,
    input: { name?: string | undefined; nameBn?: string | undefined; nameEn?: string | undefined },
    db: Executor = this.deps.db,
  ): Promise<ChannelRow> {
    const row = await channelRepository.find(db, id);
    if (!row) throw notFound('channel');
    const issues: Issue[] = [];
    const name = input.name === undefined ? row.name : text(input.name, 'name', issues);
    const names = namesOf({ nameBn: input.nameBn, nameEn: input.nameEn }, issues, row.names);
    if (issues.length > 0) throw invalid(issues);
    if (input.name === undefined && input.nameBn === undefined && input.nameEn === undefined) {
      throw new AppError('VALIDATION_FAILED', 'nothing to change');
    }
    const changed = await channelRepository.rename(db, id, name, names);
    if (!changed) throw notFound('channel');
    return changed;
  }

  async setEnabled(id: string, enabled: boolean, db: Executor = this.deps.db): Promise<ChannelRow> {
    const row = await channelRepository.setEnabled(db, id, enabled);
    if (!row) throw notFound('channel');
    return row;
  }

  async remove(id: string): Promise<void> {
    const row = await channelRepository.find(this.deps.db, id);
    if (!row) throw notFound('channel');
    const deposits = await channelRepository.depositCount(this.deps.db, id);
    if (deposits > 0) {
      throw new AppError(
        'CONFLICT',
        `${deposits} deposit${deposits === 1 ? '' : 's'} went through this channel; disable it instead`,
      );
    }
    // A deposit made between the count and the delete fails the delete on its foreign key: still safe.
    await channelRepository.delete(this.deps.db, id);
  }
}

/** The per-language names given, on top of those kept; null when there are none. */
function namesOf(
  input: { nameBn?: string | undefined; nameEn?: string | undefined },
  issues: Issue[],
  kept: LocalizedText | null,
): LocalizedText | null {
  const bn = input.nameBn === undefined ? kept?.bn : text(input.nameBn, 'nameBn', issues);
  const en = input.nameEn === undefined ? kept?.en : text(input.nameEn, 'nameEn', issues);
  if (!bn && !en) return null;
  return { ...kept, bn: bn ?? '', en: en ?? '' };
}

type ProviderLookup = (name: string) => { newChannelDetails(): Record<string, string> } | null;

/** Validates the operator's input (every problem at once) and makes the row, credentials included. */
function buildChannel(
  input: NewChannelInput,
  deps: { rng: Rng; clock: Clock },
  providerOf: ProviderLookup,
): NewChannelRow {
  const issues: Issue[] = [];
  if (!isChannelKind(input.kind)) {
    issues.push({ path: 'kind', message: `one of ${channelKinds.join(', ')}` });
  }
  const name = text(input.name, 'name', issues);
  const names = namesOf(input, issues, null);
  const min = positiveMoney(input.min, 'min', issues);
  const max = positiveMoney(input.max, 'max', issues);
  if (min !== null && max !== null && max < min)
    issues.push({ path: 'max', message: 'must not be below min' });
  let details: Record<string, string> = {};
  if (input.kind === 'bank_transfer') {
    details = {
      bankName: text(input.bankName, 'bankName', issues),
      accountName: text(input.accountName, 'accountName', issues),
      accountNumber: text(input.accountNumber, 'accountNumber', issues, 34),
    };
  } else if (input.kind === 'gateway') {
    const providerName = input.provider?.trim() ?? '';
    const provider = providerOf(providerName);
    if (!provider)
      issues.push({ path: 'provider', message: 'an online provider this server knows, e.g. sandbox' });
    else details = provider.newChannelDetails();
  }
  if (issues.length > 0 || min === null || max === null) throw invalid(issues);
  return {
    id: newId(deps.rng, input.kind === 'gateway' ? 'gw' : 'bank', 8),
    kind: input.kind,
    name,
    names,
    currency: CASHIER_CURRENCY,
    minAmount: min,
    maxAmount: max,
    enabled: true,
    details,
    sortOrder: input.sortOrder ?? 0,
    createdAt: deps.clock.now(),
  };
}

/**
 * The demo's channels: a bank account and a sandbox gateway (its signing secret from the injected rng).
 * Called by the demo seed inside its transaction.
 */
export async function seedDemoChannels(
  tx: Executor,
  deps: { clock: Clock; rng: Rng },
): Promise<ChannelRow[]> {
  const sandbox = new SandboxProvider(deps.rng, true);
  const lookup: ProviderLookup = (name) => (name === sandbox.name ? sandbox : null);
  const bank = buildChannel(
    {
      kind: 'bank_transfer',
      name: 'Bank transfer',
      nameBn: 'ব্যাংক ট্রান্সফার',
      nameEn: 'Bank transfer',
      min: '100',
      max: '50000',
      bankName: 'Demo Bank',
      accountName: 'Khela Payments Ltd',
      accountNumber: '0123456789',
      sortOrder: 1,
    },
    deps,
    lookup,
  );
  const gateway = buildChannel(
    {
      kind: 'gateway',
      name: 'Online payment (sandbox)',
      nameBn: 'অনলাইন পেমেন্ট (স্যান্ডবক্স)',
      nameEn: 'Online payment (sandbox)',
      min: '10',
      max: '20000',
      provider: 'sandbox',
      sortOrder: 2,
    },
    deps,
    lookup,
  );
  return [await channelRepository.insert(tx, bank), await channelRepository.insert(tx, gateway)];
}
