export { type TypeOwner, useGatewayTypeOptions } from './api';
export { GatewayTypes } from './pages/GatewayTypes';
