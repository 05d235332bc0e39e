export { AccountFields, accountBody } from './components/AccountFields';
