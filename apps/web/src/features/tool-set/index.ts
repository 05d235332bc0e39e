export { ToolSet } from './pages/ToolSet';
