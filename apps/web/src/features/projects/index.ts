export { PAY_STATUS_LABELS } from './components/payStatus';
export { ProjectGate } from './ProjectGate';
