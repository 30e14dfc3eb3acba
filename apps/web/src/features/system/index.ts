export { usePermission, permissionQueryOptions, getPermission } from './api/get-permission';
export { useSystemStatus, systemStatusQueryOptions, getSystemStatus } from './api/get-system-status';
export { useSiteInfo } from './use-site-info';
