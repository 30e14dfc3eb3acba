/** My profile (any role): my session, my sign-ins, log out everywhere, two-factor enrolment. */
export { ProfilePage } from './components/profile-page';
