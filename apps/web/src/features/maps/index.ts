export { CoordinateFields } from './components/CoordinateFields';
export { LocationModeFields } from './components/LocationModeFields';
export { LocationSection } from './components/LocationSection';
export { MapPickerModal } from './components/MapPickerModal';
export { MapProviderCard } from './components/MapProviderCard';
export { ProjectMapCard } from './components/ProjectMapCard';
