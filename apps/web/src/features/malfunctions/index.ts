export { EquipmentMalfunctions } from './components/EquipmentMalfunctions';
export { MalfunctionRecords } from './pages/MalfunctionRecords';
