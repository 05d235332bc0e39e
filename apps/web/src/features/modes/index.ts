export { ModeSelect } from './components/ModeSelect';
export { Modes } from './pages/Modes';
