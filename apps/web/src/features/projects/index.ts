export { PAY_STATUS_LABELS } from './components/payStatus';
export { ProjectGate, useProjectSettings } from './ProjectGate';
