import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/api';

export const SIGN_OUT_QUESTION = '确定退出登录吗？';

/** 退出 asks first, then signs out (token revoked, session cleared) and goes to the login page. */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  return () => {
    modal.confirm({
      title: SIGN_OUT_QUESTION,
      content: '退出后需要重新登录才能继续使用。',
      okText: '退出',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        await logout();
        queryClient.clear();
        navigate('/login', { replace: true });
      },
    });
  };
}
