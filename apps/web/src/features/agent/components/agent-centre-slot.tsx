import { Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { lazyNamed } from '@/lib/lazy';
import { useSession } from '@/features/auth';
import { useEnabledContractTypes } from '../lib/contract-types';
import { AGENT_CENTRE_PARAM, resolveAgentCentrePage, type AgentCentrePage } from '../lib/pages';

// The centre is its own chunk, fetched the first time it opens.
const AgentCentre = lazyNamed(() => import('./agent-centre'), 'AgentCentre');

/**
 * The agent overlay view of the shell (SPEC section 2): opens when the URL has `?ac=<page>`, for agent
 * account types only (1, 2, 41, 42). Anyone else sees nothing.
 */
export function AgentCentreSlot() {
  const [searchParams, setSearchParams] = useSearchParams();
  const session = useSession();
  const contractTypes = useEnabledContractTypes();
  const requested = searchParams.get(AGENT_CENTRE_PARAM);
  const open = requested !== null && session.isLoggedIn && session.isAgent;

  const [mounted, setMounted] = useState(open);
  const [page, setPage] = useState<AgentCentrePage>(() => resolveAgentCentrePage(requested, contractTypes));
  if (open && !mounted) setMounted(true);
  const current = open ? resolveAgentCentrePage(requested, contractTypes) : page;
  if (current !== page) setPage(current);

  const setParam = useCallback(
    (next: AgentCentrePage | null) =>
      setSearchParams(
        (previous) => {
          const search = new URLSearchParams(previous);
          if (next === null) search.delete(AGENT_CENTRE_PARAM);
          else search.set(AGENT_CENTRE_PARAM, next);
          return search;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <AgentCentre
        open={open}
        page={current}
        contractTypes={contractTypes}
        onNavigate={setParam}
        onClose={() => setParam(null)}
      />
    </Suspense>
  );
}
