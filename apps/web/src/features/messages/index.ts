export { MessageBell } from './components/MessageBell';
export { MessageSettingForm } from './components/MessageSettingForm';
export { LiveMessages } from './live/LiveMessages';
export { listenToTopic } from './live/messageSocket';
