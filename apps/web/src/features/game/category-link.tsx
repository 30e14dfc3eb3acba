import type { GameCategory } from '@platform/contract/client';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { categoryPaths, LOTTERY_DIRECT_VENDOR } from './categories';
import { useStartVendor } from './use-start-vendor';

/**
 * Where a category leads, as the side menu does it (SPEC section 2): its lobby, except lottery, which
 * starts its vendor (TCG_SEA) directly instead of navigating.
 */
export function CategoryLink({
  category,
  className,
  label,
  children,
}: {
  category: GameCategory;
  className?: string;
  /** an accessible name when the content alone does not say enough (e.g. "See all Slots") */
  label?: string;
  children: ReactNode;
}) {
  const startVendor = useStartVendor();
  if (category === 'LOTT') {
    return (
      <button
        type="button"
        className={className}
        aria-label={label}
        onClick={() => startVendor(LOTTERY_DIRECT_VENDOR)}
      >
        {children}
      </button>
    );
  }
  return (
    <Link className={className} to={categoryPaths[category]} aria-label={label}>
      {children}
    </Link>
  );
}
