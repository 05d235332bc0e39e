export { WarningAnalysis } from './pages/WarningAnalysis';
export { WarningList } from './pages/WarningList';
