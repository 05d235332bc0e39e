export { GatewayFirms } from './pages/GatewayFirms';
