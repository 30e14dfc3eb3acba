import type { promotionCategories } from '@platform/contract/client';

// The contract exports the list but not its type; derived here so both stay in step.
export type PromotionCategory = (typeof promotionCategories)[number];
