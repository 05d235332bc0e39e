export { flatten, useGroupTreeIndicators, useScopeGroupId } from './api';
export { GroupIcon } from './components/groupLabels';
