/**
 * The server names who acted as an actor (`admin:<username>` for staff, `operator:...` for the
 * operator tool): staff pages show the username, and compare actors with the signed-in staff member.
 */
export const staffName = (actor: string | null | undefined): string =>
  actor ? actor.replace(/^admin:/, '') : '';

export const isStaffMember = (actor: string | null | undefined, username: string | undefined): boolean =>
  !!actor && !!username && (actor === username || actor === `admin:${username}`);
