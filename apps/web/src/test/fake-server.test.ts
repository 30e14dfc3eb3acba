import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError } from '@/lib/api-client';
import { fail, fakeServer } from './fake-server';

afterEach(() => vi.unstubAllGlobals());

describe('fake server', () => {
  it('answers a contract call by method and path pattern, and records what it received', async () => {
    const server = fakeServer({
      'POST /wps/cashier/deposits/:id/proof': ({ params }) => ({
        id: params.id!,
        channelId: 'c1',
        channelName: 'Bank',
        channelNames: { bn: 'ব্যাংক', en: 'Bank' },
        kind: 'bank_transfer',
        amount: '10.00',
        status: 'pending',
        reference: 'R1',
        hasProof: true,
        reason: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        decidedAt: null,
        expiresAt: '2026-01-01T01:00:00.000Z',
      }),
    });
    const form = new FormData();
    const answer = await apiRequest('uploadDepositProof', { params: { id: 'd9' }, form });
    expect(answer.id).toBe('d9');
    expect(server.calls('POST /wps/cashier/deposits/:id/proof')[0]?.params).toEqual({ id: 'd9' });
  });

  it('answers NOT_FOUND for a call without a handler, and a failure envelope as the server sends it', async () => {
    fakeServer({
      'GET /wps/member/unread': () => fail('RATE_LIMITED', 429, { details: { secondsLeft: 3 } }),
    });
    await expect(apiRequest('memberInfo')).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const error = await apiRequest('unread').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, details: { secondsLeft: 3 } });
  });
});
