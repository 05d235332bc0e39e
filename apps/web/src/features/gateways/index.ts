export { GroupGateways } from './components/GroupGateways';
export { FirmGateways, ProjectGateways } from './pages/GatewaysScreen';
