export { useLabelOptions, useLabelTargets } from './api';
export { LabelFilter } from './components/LabelFilter';
export { Labels } from './pages/Labels';
