/** Staff (owners): the list, adding a member, each member's roles, state, password and sessions. */
export { StaffPage } from './components/staff-page';
