/** The URL query parameter that opens the member centre: `?mc=<page>` (deep-linkable). */
export const MEMBER_CENTRE_PARAM = 'mc';

/** Every member centre page SPEC section 2 lists, in menu order. */
export const memberCentrePages = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'playerRank',
  'profile',
] as const;
export type MemberCentrePage = (typeof memberCentrePages)[number];

export const DEFAULT_MEMBER_CENTRE_PAGE: MemberCentrePage = 'securityCenter';

export const isMemberCentrePage = (value: string): value is MemberCentrePage =>
  (memberCentrePages as readonly string[]).includes(value);

/** `?mc=` with an empty or unknown value opens the default page. */
export const resolveMemberCentrePage = (value: string | null): MemberCentrePage =>
  value && isMemberCentrePage(value) ? value : DEFAULT_MEMBER_CENTRE_PAGE;

/** The link that opens the centre on a page, keeping the rest of the current query. */
export function memberCentreSearch(page: MemberCentrePage, current = ''): string {
  const search = new URLSearchParams(current);
  search.set(MEMBER_CENTRE_PARAM, page);
  return `?${search.toString()}`;
}
