import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Starts a vendor directly (SPEC: selecting the lottery category starts TCG_SEA instead of navigating).
 * HOOK POINT (game-launch issue): check login, call launchGame and open TCG_SEA's special window. Until
 * then it opens the lottery page with the vendor named, so the menu entry already leads somewhere real.
 */
export function useStartVendor(): (vassalage: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (vassalage: string) => {
      void navigate(`/lottery?vassalage=${encodeURIComponent(vassalage)}`);
    },
    [navigate],
  );
}
