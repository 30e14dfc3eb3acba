/**
 * Who is calling, as the route helper and every module name it. Defined here, in lib, so the route
 * helper needs no module; the auth module resolves sessions into these.
 */

/** The member behind a request's session token. */
export interface AuthenticatedMember {
  id: bigint;
  publicId: string;
  username: string;
  type: number;
  sessionId: bigint;
}

export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}
