export { OperationLogs } from './pages/OperationLogs';
