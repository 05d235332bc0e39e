import type { MessagePush } from '@iot/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { fetchMenus } from '../../../api/scope';
import { generateRoutes } from '../../../platform/routes/generate';
import { useSession } from '../../../platform/session';
import { markRead, messagesKey } from '../api';
import { isWarningMessage } from '../kinds';

export const MESSAGE_CENTER_PATH = '/messageCenter';

/**
 * Opens what a message is about, marking it read: a warning (or its release) on its project's
 * warning list (route router-warningList, ?warningId=); anything else, or a warning list the user
 * may not see, in the message center's detail.
 */
export function useOpenMessage(): (message: MessagePush & { isRead?: boolean }) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  return async (message) => {
    if (!message.isRead) {
      void markRead(message.id).then(() =>
        queryClient.invalidateQueries({ queryKey: messagesKey(session?.userId) }),
      );
    }
    const { projectId, relationId } = message;
    if (isWarningMessage(message.type) && projectId !== null && relationId !== null) {
      const menus = await queryClient
        .fetchQuery({
          // The key the shell caches a project's menu under (app/queries.ts).
          queryKey: ['menus', session?.userId, 'project', projectId],
          queryFn: () => fetchMenus('project', projectId),
          staleTime: 5 * 60_000,
        })
        .catch(() => []);
      const list = generateRoutes(menus, { type: 'project', id: projectId }).find(
        (route) => route.code === 'router-warningList',
      );
      if (list) return void navigate(`${list.path}?warningId=${relationId}`);
    }
    navigate(`${MESSAGE_CENTER_PATH}?id=${message.id}`);
  };
}
