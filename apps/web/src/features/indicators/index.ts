export {
  GatewayIndicatorsPanel,
  type GatewayIndicatorsPanelProps,
} from './components/GatewayIndicatorsPanel';
export { ModbusConfigPanel, type ModbusConfigPanelProps } from './components/ModbusConfigPanel';
