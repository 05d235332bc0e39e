export { AssistantButton, AssistantDrawer, useAssistantPush } from './components/AssistantDrawer';
export { Assistant } from './pages/Assistant';
