export { GatewayPicker } from './components/GatewayPicker';
export { RemoteControl } from './pages/RemoteControl';
