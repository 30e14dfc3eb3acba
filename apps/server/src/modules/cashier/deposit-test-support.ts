import { formatMoney, type CreatedDeposit, type Envelope } from '@platform/contract';
import { count, eq } from 'drizzle-orm';
import { deposit, gatewayCallback, ledgerTransfer, turnoverRequirement } from '../../db/schema.js';
import type { TestApp } from '../../test/harness.js';
import type { multipartFile } from '../../test/uploads.js';
import { createAdmin, type TestMember } from '../../test/factories.js';
import { accountCodes } from '../wallet/index.js';
import type { ChannelRow } from './channel.repository.js';

/** Shared by the deposit tests: channels, admins, requests, uploads and what the database holds. */

export async function addChannels(t: TestApp): Promise<{ bank: ChannelRow; gateway: ChannelRow }> {
  const bank = await t.services.channels.add({
    kind: 'bank_transfer',
    name: 'Bank transfer',
    min: '100',
    max: '50000',
    bankName: 'Sonali Bank',
    accountName: 'Khela Payments Ltd',
    accountNumber: '0011223344',
  });
  const gateway = await t.services.channels.add({
    kind: 'gateway',
    name: 'Online (sandbox)',
    min: '10',
    max: '20000',
    provider: 'sandbox',
  });
  return { bank, gateway };
}

/** An admin of the given role, logged in: the value for the x-admin-token header. */
export async function adminToken(
  t: TestApp,
  role: 'owner' | 'finance' | 'support' = 'finance',
): Promise<string> {
  return (await createAdmin(t, role)).token;
}

let requests = 0;
export const newRequestId = (): string => {
  requests += 1;
  return `dep-test-${requests.toString().padStart(4, '0')}`;
};

export function requestDeposit(
  t: TestApp,
  who: TestMember,
  body: { channelId: string; amount: unknown; requestId?: string },
): Promise<{ status: number; body: Envelope<CreatedDeposit> }> {
  return t.call<CreatedDeposit>({
    method: 'POST',
    url: '/wps/cashier/deposits',
    headers: who.auth,
    payload: { requestId: newRequestId(), ...body },
  });
}

export async function createdDeposit(
  t: TestApp,
  who: TestMember,
  body: { channelId: string; amount: string; requestId?: string },
): Promise<CreatedDeposit> {
  const response = await requestDeposit(t, who, body);
  if (!response.body.success) throw new Error(`deposit failed: ${JSON.stringify(response.body)}`);
  return response.body.value;
}

export async function mainBalance(t: TestApp, who: TestMember): Promise<string> {
  return formatMoney(await t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id)));
}

export async function depositCount(t: TestApp): Promise<number> {
  const [row] = await t.handle.db.select({ n: count() }).from(deposit);
  return row?.n ?? 0;
}

export async function depositRow(t: TestApp, publicId: string) {
  const [row] = await t.handle.db.select().from(deposit).where(eq(deposit.publicId, publicId));
  if (!row) throw new Error(`no deposit ${publicId}`);
  return row;
}

export async function depositTransfers(t: TestApp, publicId: string) {
  return t.handle.db.select().from(ledgerTransfer).where(eq(ledgerTransfer.reference, publicId));
}

export async function turnoverRows(t: TestApp, who: TestMember) {
  return t.handle.db.select().from(turnoverRequirement).where(eq(turnoverRequirement.memberId, who.row.id));
}

export async function callbackRows(t: TestApp) {
  return t.handle.db.select().from(gatewayCallback).orderBy(gatewayCallback.id);
}

// Uploads --------------------------------------------------------------------------------------

export function uploadProof(
  t: TestApp,
  who: TestMember,
  depositId: string,
  file: ReturnType<typeof multipartFile>,
) {
  return t.call({
    method: 'POST',
    url: `/wps/cashier/deposits/${depositId}/proof`,
    headers: { ...who.auth, ...file.headers },
    payload: file.payload,
  });
}
