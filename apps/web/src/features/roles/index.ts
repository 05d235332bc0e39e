export { fetchRoles, rolesKey, useScopeRoles } from './api';
export { BUILTIN_ROLE_TIP, PERMISSION_BITS, type ScopeApi, scopeApiOf, useScopeApi } from './scopeApi';
