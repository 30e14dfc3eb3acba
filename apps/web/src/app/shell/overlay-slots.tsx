/**
 * Named views for the member centre and agent centre overlays (SPEC section 2). They open above the
 * page without leaving it; the member and agent issues render their centres here.
 */
export function MemberOverlaySlot() {
  return null;
}

export function AgentOverlaySlot() {
  return null;
}
