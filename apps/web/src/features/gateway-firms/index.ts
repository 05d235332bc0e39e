export { GatewayFirms } from './pages/GatewayFirms';
export { MyGatewayFirms } from './pages/MyGatewayFirms';
