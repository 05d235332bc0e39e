export { type CurveTarget, IndicatorCurveDrawer } from './components/IndicatorCurveDrawer';
export { WarningFrame, WarningMarkTag, warningRowProps } from './components/WarningFrame';
export type { WarningMarks } from './live/activeWarnings';
export { useActiveWarnings } from './live/useActiveWarnings';
export { WarningAnalysis } from './pages/WarningAnalysis';
export { WarningList } from './pages/WarningList';
