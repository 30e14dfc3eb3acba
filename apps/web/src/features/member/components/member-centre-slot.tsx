import { Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { lazyNamed } from '@/lib/lazy';
import { useRequireRealAccount, useSession } from '@/features/auth';
import { MEMBER_CENTRE_PARAM, resolveMemberCentrePage, type MemberCentrePage } from '../lib/pages';
import type { ComposedMemberPages } from './member-centre';

// The centre (menu, pages, styles) is its own chunk, fetched the first time it opens.
const MemberCentre = lazyNamed(() => import('./member-centre'), 'MemberCentre');

/**
 * The member overlay view of the shell (SPEC section 2): opens when the URL has `?mc=<page>`, for a
 * logged-in member who is not a trial account. A trial account (type 4) gets the guest warning instead.
 * A visitor who is not logged in sees nothing; the parameter stays, so the centre opens after login.
 * `pages`: other features' pages, composed by the app.
 */
export function MemberCentreSlot({ pages = {} }: { pages?: ComposedMemberPages }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const session = useSession();
  const requireRealAccount = useRequireRealAccount();
  const requested = searchParams.get(MEMBER_CENTRE_PARAM);
  const open = requested !== null && session.isLoggedIn && !session.isTrial;
  const blockedTrial = requested !== null && session.isLoggedIn && session.isTrial;

  // Mounted on first open and kept, so the closing fade plays; the page stays put while it fades.
  const [mounted, setMounted] = useState(open);
  const [page, setPage] = useState<MemberCentrePage>(() => resolveMemberCentrePage(requested));
  if (open && !mounted) setMounted(true);
  const current = open ? resolveMemberCentrePage(requested) : page;
  if (current !== page) setPage(current);

  const setParam = useCallback(
    (next: MemberCentrePage | null) =>
      setSearchParams(
        (previous) => {
          const search = new URLSearchParams(previous);
          if (next === null) search.delete(MEMBER_CENTRE_PARAM);
          else search.set(MEMBER_CENTRE_PARAM, next);
          return search;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  useEffect(() => {
    if (!blockedTrial) return;
    setParam(null);
    // Shows the 'need a true account' warning (a trial account is never let through).
    requireRealAccount(() => {});
  }, [blockedTrial, requireRealAccount, setParam]);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <MemberCentre
        open={open}
        page={current}
        pages={pages}
        onNavigate={setParam}
        onClose={() => setParam(null)}
      />
    </Suspense>
  );
}
