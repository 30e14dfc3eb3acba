import { AsyncLocalStorage } from 'node:async_hooks';

/** The member of staff a back-office call is being answered for, and the address it came from. */
export interface StaffContext {
  username: string;
  roles: readonly string[];
  ip: string | null;
}

const staff = new AsyncLocalStorage<StaffContext>();

/**
 * Runs an admin call's handler with its staff member known, so the audit row of whatever the call
 * does carries the role and address (issue 27) without every service passing them along.
 */
export const runAsStaff = <T>(context: StaffContext, work: () => Promise<T>): Promise<T> =>
  staff.run(context, work);

export const currentStaff = (): StaffContext | undefined => staff.getStore();
