/** What the money queues share: dialogs, the queues' counts and their menu badges, error texts. */
export { Dialog } from './components/dialog';
export { ReasonDialog } from './components/reason-dialog';
export { ConfirmDialog } from './components/confirm-dialog';
export { StatusTabs } from './components/status-tabs';
export { DepositsBadge, WithdrawalsBadge } from './components/queue-badge';
export { useQueueCounts, useOnCountChange, queueCountsKey } from './api/queue-counts';
export { queueErrorText } from './error';
export { formatTime } from './time';
import './components/dialog.css';
export { staffName, isStaffMember } from './staff-name';
