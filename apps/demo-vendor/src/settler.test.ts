import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Settler } from './rounds.js';
import { WalletClient, type Transport } from './wallet-client.js';

/**
 * The platform's side of the wire: unreachable until `bringUp()`, then answering every call; `sent` lists
 * each call's transaction_uuid, attempt by attempt.
 */
function platform() {
  const sent: string[] = [];
  let up = false;
  const transport: Transport = async (request) => {
    sent.push(JSON.parse(request.body).transaction_uuid);
    if (!up) throw new Error('connection refused');
    return {
      status: 200,
      body: {
        status: 'RS_OK',
        request_uuid: 'r',
        player_id: 'p',
        currency: 'BDT',
        balance: '1.00',
        demo: false,
      },
    };
  };
  const client = new WalletClient({
    baseUrl: 'http://platform.test',
    vendorCode: 'DEMO_RNG',
    secret: 'x'.repeat(32),
    transport,
  });
  return {
    sent,
    client,
    bringUp: () => {
      up = true;
    },
  };
}

describe('owed payments', () => {
  it('are sent again until answered, once each, even when two passes overlap', async () => {
    const { sent, client, bringUp } = platform();
    let now = 0;
    const settler = new Settler(() => now);
    settler.add(client, 'win', { transaction_uuid: 'win-1' });
    settler.add(client, 'rollback', { transaction_uuid: 'rb-2' });

    now = 5000;
    expect(await settler.flush()).toBe(0);
    expect(settler.pending).toBe(2);
    bringUp();
    now = 60_000;
    const passes = await Promise.all([settler.flush(), settler.flush()]);
    expect(passes.sort()).toEqual([0, 2]);
    expect(settler.pending).toBe(0);
    expect(sent).toEqual(['win-1', 'rb-2', 'win-1', 'rb-2']);
  });

  it('a restarted simulator still pays what the stopped one owed, once', async () => {
    const { sent, client, bringUp } = platform();
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'owed-')), 'owed-payments.json');
    const durable = { file, clientOf: (vendor: string) => (vendor === 'DEMO_RNG' ? client : undefined) };
    const before = new Settler(() => 0, durable);
    before.add(client, 'win', { transaction_uuid: 'win-9', amount: '4.00' });
    expect(await before.flush(true)).toBe(0);
    // The process stops here; what it owed is on disk.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject([
      { vendor: 'DEMO_RNG', call: 'win', body: { transaction_uuid: 'win-9', amount: '4.00' } },
    ]);
    const after = new Settler(() => 0, durable);
    expect(after.restore()).toBe(1);
    bringUp();
    expect(await after.flush()).toBe(1);
    expect(after.pending).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([]);
    expect(new Settler(() => 0, durable).restore()).toBe(0);
    expect(sent).toEqual(['win-9', 'win-9']);
  });
});
