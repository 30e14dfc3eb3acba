import { describe, expect, it } from 'vitest';
import { customerServiceUrl } from './customer-service';

const service = {
  entries: [
    { type: 1, url: 'https://example.com/other' },
    { type: 3, url: 'https://chat.example.com/live' },
  ],
  vipUrl: 'https://chat.example.com/vip',
};

describe('customerServiceUrl', () => {
  it('is the live chat (the entry of type 3) for a visitor and for ranks up to 4', () => {
    expect(customerServiceUrl(service)).toBe('https://chat.example.com/live');
    expect(customerServiceUrl(service, 4)).toBe('https://chat.example.com/live');
  });

  it('is the VIP address above rank level 4, when the operator set one', () => {
    expect(customerServiceUrl(service, 5)).toBe('https://chat.example.com/vip');
    expect(customerServiceUrl({ ...service, vipUrl: null }, 5)).toBe('https://chat.example.com/live');
  });

  it('is null when no entry of type 3 is configured', () => {
    expect(customerServiceUrl({ entries: [{ type: 1, url: 'https://x.example' }], vipUrl: null })).toBeNull();
  });
});
