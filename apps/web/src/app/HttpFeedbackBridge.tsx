import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { HttpMessages, installHttpFeedback } from '../api/http';
import { clearSession } from '../platform/session';

let expiredDialogOpen = false;

/** Connects the HTTP client's failures to the screen: notifications, the 50001 dialog, /401. */
export function HttpFeedbackBridge() {
  const { notification, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    installHttpFeedback({
      error: (message) => notification.error({ message, placement: 'bottomRight', duration: 3 }),
      sessionExpired: () => {
        if (expiredDialogOpen) return;
        expiredDialogOpen = true;
        modal.warning({
          title: HttpMessages.LOGOUT_TITLE,
          content: HttpMessages.LOGOUT_TEXT,
          okText: HttpMessages.LOGOUT_BUTTON,
          onOk: () => {
            expiredDialogOpen = false;
            clearSession();
            queryClient.clear();
            window.location.assign('/login');
          },
        });
      },
      unauthorized: () => navigate('/401', { replace: true }),
    });
  }, [notification, modal, navigate, queryClient]);
  return null;
}
