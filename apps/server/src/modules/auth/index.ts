export { requireRealAccount } from './guards.js';
export { AuthAuditService, type AuthEvent } from './auth-audit.service.js';
export { issueLogin, presentLoginUser, isPasswordExpired, type LoginVia } from './login-result.js';
