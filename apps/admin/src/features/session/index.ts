/** Staff sign-out and the session check; the sign-in page is its own chunk (./login.ts). */
export { useLogOut } from './api/log-out';
export { useStaffCheck } from './api/staff-me';
