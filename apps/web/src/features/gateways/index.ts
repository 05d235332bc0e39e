export { FirmGateways, ProjectGateways } from './pages/GatewaysScreen';
