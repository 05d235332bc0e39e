export { ChangesTable, RepairChanges } from './components/RepairChanges';
export { describeProposal, RepairDetail } from './components/RepairDetailDrawer';
export { AuditStatusTag } from './components/StatusTag';
export { DataRepair } from './pages/DataRepair';
