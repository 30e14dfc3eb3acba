import { routes, type Access, type AdminRole, type CallName } from '@platform/contract/client';

/**
 * Who may call what, for the menu and buttons: the contract's declared access (paths.generated.ts),
 * the same table the server enforces. A page whose call is not in the contract yet names it here
 * with the access it is planned to have; when the call lands in the contract, the contract's access
 * wins (see `accessOf`) and its entry here can go.
 */
export const plannedCalls = {
  // Empty: every call the menu names is in the contract now. A page of part 2 whose call is still to
  // come adds it here, e.g. `adminGames: { admin: ['owner', 'games'] },`.
} as const satisfies Record<string, Access>;

export type PlannedCall = keyof typeof plannedCalls;
/** A call a page needs: one of the contract's, or one planned above. */
export type NeededCall = CallName | PlannedCall;

/** Whether a name is a call of the contract the app was built with. */
export const isContractCall = (name: string): name is CallName => Object.hasOwn(routes, name);

/** Whether the call exists in the contract the app was built with (else its page says "coming"). */
export const callExists = (name: NeededCall): boolean => isContractCall(name);

export function accessOf(name: NeededCall): Access {
  if (isContractCall(name)) return routes[name].access;
  return plannedCalls[name as PlannedCall];
}

/** Whether one of the roles may make the call: only admin access lets staff in. */
export function mayCall(roles: readonly AdminRole[], name: NeededCall): boolean {
  const access = accessOf(name);
  if (typeof access !== 'object') return false;
  return roles.some((role) => access.admin.includes(role));
}
