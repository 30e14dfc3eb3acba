import { AgentCentreSlot } from '@/features/agent';
import { MemberCentreSlot } from '@/features/member';

/**
 * Named views for the member centre and agent centre overlays (SPEC section 2). They open above the
 * page without leaving it: `?mc=<page>` opens the member centre, `?ac=<page>` the agent centre. Each
 * centre's code is its own chunk, fetched the first time it opens.
 */
export function MemberOverlaySlot() {
  return <MemberCentreSlot />;
}

export function AgentOverlaySlot() {
  return <AgentCentreSlot />;
}
