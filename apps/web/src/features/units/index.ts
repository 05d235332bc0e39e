export { UnitSelect } from './components/UnitSelect';
export { Units } from './pages/Units';
