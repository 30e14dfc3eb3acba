/** The sign-in page, loaded lazily by the router: it brings zod and the contract's schemas. */
export { LoginPage } from './components/login-page';
