import { memberInfoKey } from '@/features/auth';

/**
 * Query keys of the member feature. Each includes the session token, so a second account logging in
 * on the same tab never sees the first one's cached data.
 */
export const memberKeys = {
  all: (token: string | null) => ['member', token ?? 'anonymous'] as const,
  /** owned by the session (auth feature); the same entry */
  info: memberInfoKey,
  unread: (token: string | null) => [...memberKeys.all(token), 'unread'] as const,
  referralFriends: (token: string | null, pageNo: number) =>
    [...memberKeys.all(token), 'referral-friends', pageNo] as const,
};
