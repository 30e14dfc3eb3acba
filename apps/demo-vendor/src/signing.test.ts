import { describe, expect, it } from 'vitest';
import { parseChaos } from './chaos.js';
import { signBody } from './signing.js';

describe('signing', () => {
  it('signs the worked example of docs/provider-api.md to its published signature', () => {
    const body =
      '{"request_uuid":"5f0c7a1e-8a51-4a43-9d43-7f1a3c2b9e10","player_id":"mbr_7Kq2x9","transaction_uuid":"bet-000123","round":"round-42","round_closed":false,"game_code":"lucky-lotus","currency":"BDT","is_free":false,"amount":"10.00"}';
    expect(signBody('example-secret-do-not-use-0123456789abcdef', '1795593600', body)).toBe(
      'dcda8d13deb775869eccda43700d1aea6c83f11834088d0e4521d2f261dacc53',
    );
  });
});

describe('chaos switches', () => {
  it('reads names with optional percentages', () => {
    expect(parseChaos('timeout, duplicate=25')).toEqual({
      timeout: 100,
      drop: 0,
      duplicate: 25,
      reorder: 0,
      crash: 0,
      transferTimeout: 0,
      transferDrop: 0,
    });
  });

  it('refuses unknown names and bad percentages', () => {
    expect(() => parseChaos('explode')).toThrow(/unknown switch explode/);
    expect(() => parseChaos('drop=101')).toThrow(/0 to 100/);
    expect(() => parseChaos('drop=1.5')).toThrow(/0 to 100/);
  });
});
