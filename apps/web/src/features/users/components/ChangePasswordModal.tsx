import { Modal } from 'antd';
import { ChangePasswordForm } from './ChangePasswordForm';

/** The change-password dialog of the avatar menu (feature-areas §2): 个人中心's form, in a dialog. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="修改密码" footer={null} onCancel={onClose} destroyOnHidden width={460}>
      <ChangePasswordForm onDone={onClose} onCancel={onClose} />
    </Modal>
  );
}
