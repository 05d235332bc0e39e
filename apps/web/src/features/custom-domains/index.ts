export { CustomDomains } from './pages/CustomDomains';
