export { usePermission, permissionQueryOptions, getPermission } from './api/get-permission';
export { useSystemStatus, systemStatusQueryOptions, getSystemStatus } from './api/get-system-status';
export { useSiteInfo } from './use-site-info';
export { useCountFormat, useMoneyFormat, usePercentFormat } from './use-money-format';
export { usePageDescription } from './use-page-description';
export { openPopupOrNavigate } from './open-external';
export { customerServiceUrl, openCustomerService, useCustomerService } from './customer-service';
