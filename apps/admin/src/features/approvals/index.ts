/** Four-eyes approvals waiting for a second member of staff (a chunk of its own). */
export { ApprovalsPage } from './components/approvals-page';
