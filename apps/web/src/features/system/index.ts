export { Systems } from './pages/Systems';
