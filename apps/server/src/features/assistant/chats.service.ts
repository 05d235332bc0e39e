import { type Page, type PageQuery, Permission } from '@iot/contracts';
import {
  CategoryMenus,
  type ChatDetail,
  ChatMessages,
  categoryLabel,
  type DataCategory,
} from '@iot/contracts/assistant';
import type { AccessService, AuthContext } from '../../platform/auth/access.service.js';
import { ApiError, forbidden, notFound } from '../../platform/errors.js';
import type { ChatsRepository } from './chats.repository.js';

/** Where the assistant's files are kept in the file store; never served by the public file route. */
export const CHAT_FILES_FOLDER = 'assistant';

/** The address a chat file is served at: only to members of the project (docs/decisions/0060). */
export function chatFileUrl(projectId: number, storedName: string): string {
  return `/iot/groups/${projectId}/chats/files/${storedName}`;
}

/** Chats of the assistant: each belongs to one user in one project; nobody else sees it (404). */
export class ChatsService {
  constructor(
    private readonly repository: ChatsRepository,
    private readonly access: AccessService,
  ) {}

  async create(auth: AuthContext, projectId: number, name?: string): Promise<{ id: number }> {
    const id = await this.repository.create(
      projectId,
      auth.userId,
      name?.trim() || ChatMessages.NEW_CHAT,
      Date.now(),
    );
    return { id };
  }

  list(
    auth: AuthContext,
    projectId: number,
    query: PageQuery,
  ): Promise<Page<{ id: number; name: string; createdAt: number; updatedAt: number }>> {
    return this.repository.list(projectId, auth.userId, query);
  }

  async detail(auth: AuthContext, projectId: number, chatId: number): Promise<ChatDetail> {
    const chat = await this.own(auth, projectId, chatId);
    const messages = await this.repository.messages(chatId);
    return { ...chat, messages: messages.map(({ status: _status, ...message }) => message) };
  }

  async delete(auth: AuthContext, projectId: number, chatId: number): Promise<void> {
    if (!(await this.repository.delete(projectId, auth.userId, chatId)))
      throw notFound(ChatMessages.NOT_FOUND);
  }

  /** The caller's chat, or 404 whoever else's it is. */
  async own(auth: AuthContext, projectId: number, chatId: number) {
    const chat = await this.repository.find(projectId, auth.userId, chatId);
    if (!chat) throw notFound(ChatMessages.NOT_FOUND);
    return chat;
  }

  /**
   * Refuses (403, naming it) the first category the caller may not read: each needs the view bit on
   * its route in the project (feature-areas §2), checked here whatever the web offered.
   */
  async checkCategories(
    auth: AuthContext,
    projectId: number,
    categories: readonly DataCategory[],
    groupDisplayName: string,
  ): Promise<void> {
    for (const category of categories) {
      try {
        await this.access.authorize(
          auth,
          { menu: CategoryMenus[category], bit: Permission.READ, scope: 'project' },
          projectId,
        );
      } catch (error) {
        if (error instanceof ApiError && error.httpStatus === 403)
          throw forbidden(ChatMessages.CATEGORY_FORBIDDEN(categoryLabel(category, groupDisplayName)));
        throw error;
      }
    }
  }

  /** A stored file of a chat of the project (served to members of the project only). */
  async fileOfProject(projectId: number, storedName: string): Promise<boolean> {
    return this.repository.fileOfProject(projectId, storedName);
  }
}
