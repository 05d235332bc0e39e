export { dataQueryMessage, fetchChart, type MetaFailure, useIndicatorMeta } from './api';
export {
  GatewayIndicatorPicker,
  type PickerProps,
  useTreeIndicators,
} from './components/GatewayIndicatorPicker';
export { MetaFailureAlert } from './components/MetaFailureAlert';
export { type ChartLine, SeriesChart } from './components/SeriesChart';
export { resolveRange, TimeRangeField, type TimeRangeValue } from './components/TimeRangeField';
export { presetRange, TIME_PRESETS } from './components/timePresets';
export { formatValue, formatWithUnit, type IndicatorMeta, isStale } from './format';
export { type LivePoint, LiveStore } from './live/liveStore';
export {
  type LiveGateways,
  type LiveNotify,
  type LiveStatus,
  useLiveGateways,
  useLivePoint,
  useLiveVersion,
} from './live/useLiveGateways';
export { HistoricalData } from './pages/HistoricalData';
export { RealTimeData } from './pages/RealTimeData';
export { Trend } from './pages/Trend';
export { ViewLastData } from './pages/ViewLastData';
