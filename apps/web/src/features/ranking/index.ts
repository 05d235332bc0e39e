export { Ranking } from './pages/Ranking';
