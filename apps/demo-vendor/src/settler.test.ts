import { describe, expect, it } from 'vitest';
import { Settler } from './rounds.js';
import { WalletClient, type Transport } from './wallet-client.js';

describe('owed payments', () => {
  it('are sent again until answered, once each, even when two passes overlap', async () => {
    const sent: string[] = [];
    let up = false;
    // The platform's side of the wire: unreachable, then answering every call.
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
    let now = 0;
    const settler = new Settler(() => now);
    settler.add(client, 'win', { transaction_uuid: 'win-1' });
    settler.add(client, 'rollback', { transaction_uuid: 'rb-2' });

    now = 5000;
    expect(await settler.flush()).toBe(0);
    expect(settler.pending).toBe(2);
    up = true;
    now = 60_000;
    const passes = await Promise.all([settler.flush(), settler.flush()]);
    expect(passes.sort()).toEqual([0, 2]);
    expect(settler.pending).toBe(0);
    expect(sent).toEqual(['win-1', 'rb-2', 'win-1', 'rb-2']);
  });
});
