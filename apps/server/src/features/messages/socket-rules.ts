import { Permission } from '@iot/contracts';
import { type AccessService, ANY_MEMBER, type AuthContext } from '../../platform/auth/access.service.js';
import type { StompRules } from '../../platform/stomp/server.js';

/** A user's own message-center topic (spec core §4). */
export const messageCenterTopic = (userId: number) => `/user/${userId}/topic/messageCenter`;
/** A project's live topic (warnings and their releases) for everyone in the project. */
export const projectTopic = (projectId: number, name: string) => `/topic/projects/${projectId}/${name}`;

const USER_TOPIC = /^\/user\/(\d+)\/topic\/messageCenter$/;
const PROJECT_TOPIC = /^\/topic\/projects\/(\d+)\/[A-Za-z]+$/;

/** Who may subscribe where: one's own message center, and the topics of one's projects. */
export function messageSocketRules(access: AccessService): StompRules {
  return {
    async canSubscribe(auth: AuthContext, destination: string) {
      const user = USER_TOPIC.exec(destination);
      if (user) return Number(user[1]) === auth.userId;
      const project = PROJECT_TOPIC.exec(destination);
      if (!project) return false;
      try {
        await access.authorize(
          auth,
          { menu: ANY_MEMBER, bit: Permission.READ, scope: 'project' },
          Number(project[1]),
        );
        return true;
      } catch {
        return false;
      }
    },
  };
}
