export { useWorkOrder, workOrdersKey } from './api';
export { ActionDialog } from './components/ActionDialog';
export { AttachmentList, AttachmentUpload } from './components/Attachments';
export { EquipmentRecords, EquipmentWorkOrders, SiteOpenWorkOrders } from './components/EquipmentWork';
export { EMPTY_EXECUTION, ExecutionForm, type ExecutionValues } from './components/ExecutionForm';
export { DueText, isLate, PriorityTag, StatusTag, TypeTags } from './components/tags';
export { useWarningOrderActions, useWorkOrderScreen } from './components/WarningOrders';
export { OrderActions, WorkOrderView } from './components/WorkOrderView';
export { WorkOrders } from './pages/WorkOrders';
