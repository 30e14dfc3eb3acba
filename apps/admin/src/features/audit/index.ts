/** The audit (owner, risk, analyst): every staff action, filtered, with its before/after diff. */
export { AuditPage } from './components/audit-page';
