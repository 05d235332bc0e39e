export { SiteEquipmentStatus } from './components/SiteEquipmentStatus';
export { Equipment } from './pages/Equipment';
export { EquipmentMonitor } from './pages/EquipmentMonitor';
