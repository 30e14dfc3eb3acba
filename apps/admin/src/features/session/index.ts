/** Staff sign-out; the sign-in page is its own chunk (./login.ts); the session is lib/session.ts's. */
export { useLogOut } from './api/log-out';
