export { AuditDetail } from './pages/AuditDetail';
export { AuditList } from './pages/AuditList';
