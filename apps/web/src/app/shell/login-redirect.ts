/** Routes a visitor without a session may still open when loginedToHomePage is on (SPEC section 2). */
export const OPEN_WITHOUT_LOGIN: readonly string[] = [
  '/login',
  '/register',
  '/register.html',
  '/helpmc',
  '/download',
  '/resetPassword',
];

export function needsLoginRedirect(
  pathname: string,
  loginedToHomePage: boolean,
  token: string | null,
): boolean {
  if (!loginedToHomePage || token) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !OPEN_WITHOUT_LOGIN.includes(path);
}
