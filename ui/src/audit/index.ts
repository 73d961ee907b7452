export { AuditLogPage } from './AuditLogPage';
export { RecordAuditPage } from './RecordAuditPage';
