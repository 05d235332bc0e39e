export { AccountFields, accountBody } from './components/AccountFields';
export { ChangePasswordModal } from './components/ChangePasswordModal';
export { RoleList } from './components/RoleList';
export { UserAvatar } from './components/UserAvatar';
