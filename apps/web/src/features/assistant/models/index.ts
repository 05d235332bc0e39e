export { AiModels } from './pages/AiModels';
