/** Device sharing by code (decision 0069): 使用分享码, the project's shares, the 共享 tag. */
export { LeaveShareButton } from './components/LeaveShareButton';
export { SharedTag } from './components/SharedTag';
export { SharesModal } from './components/SharesModal';
export { UseShareDialog } from './components/UseShareDialog';
