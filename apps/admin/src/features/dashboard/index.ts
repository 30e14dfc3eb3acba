/** The dashboard (issue 27, ADR 096); the menu loads it lazily. */
export { DashboardPage } from './components/dashboard-page';
