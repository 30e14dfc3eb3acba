import type { PromotionApplication } from '@platform/contract/client';

/**
 * SPEC section 4's activity states as a promotion shows them to one member: `join` (may apply),
 * `applying` (waiting for the operator), `rejected` (with a reason; may apply again), `issued` (approved,
 * to claim), `claimed`, `closed` (ended) and `comingSoon` (not started).
 */
export type ActivityStatus =
  'join' | 'applying' | 'rejected' | 'issued' | 'claimed' | 'closed' | 'comingSoon';

export function activityStatus(
  promotion: { startsAt: string; endsAt: string | null },
  latest: PromotionApplication | undefined,
  now: Date,
): ActivityStatus {
  // An application already made stays visible (and claimable) after the promotion ends.
  if (latest && latest.status !== 'rejected') return latest.status;
  if (now.getTime() < Date.parse(promotion.startsAt)) return 'comingSoon';
  if (promotion.endsAt !== null && now.getTime() >= Date.parse(promotion.endsAt)) return 'closed';
  return latest ? 'rejected' : 'join';
}

/** The member's latest application for this promotion (the list is newest first). */
export const latestApplication = (
  list: readonly PromotionApplication[] | undefined,
  promotionId: string,
): PromotionApplication | undefined => list?.find((item) => item.promotionId === promotionId);
