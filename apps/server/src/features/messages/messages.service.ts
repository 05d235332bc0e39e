import type { Page } from '@iot/contracts';
import {
  DEFAULT_TEMPLATES,
  MESSAGE_TYPES,
  type Message,
  type MessageListQuery,
  MessageMessages,
  type MessageProject,
  type MessageType,
  MessageTypeKinds,
  MessageTypeNames,
  TEMPLATE_PLACEHOLDERS,
  type UnreadCount,
} from '@iot/contracts/messages';
import type { AuthContext } from '../../platform/auth/access.service.js';
import { notFound } from '../../platform/errors.js';
import type { MessagesRepository } from './messages.repository.js';

/** The message center: each person reads and marks only their own messages. */
export class MessagesService {
  constructor(private readonly repository: MessagesRepository) {}

  list(auth: AuthContext, query: MessageListQuery): Promise<Page<Message>> {
    return this.repository.list(auth.userId, query);
  }

  async get(auth: AuthContext, id: number): Promise<Message> {
    const message = await this.repository.get(auth.userId, id);
    if (!message) throw notFound(MessageMessages.NOT_FOUND);
    return message;
  }

  unreadCount(auth: AuthContext): Promise<UnreadCount> {
    return this.repository.unreadCount(auth.userId);
  }

  async markRead(auth: AuthContext, id: number): Promise<Message> {
    await this.get(auth, id);
    await this.repository.markRead(auth.userId, id, Date.now());
    return this.get(auth, id);
  }

  async markAllRead(auth: AuthContext, type: MessageType | undefined): Promise<{ updated: number }> {
    return { updated: await this.repository.markAllRead(auth.userId, type, Date.now()) };
  }

  projects(auth: AuthContext): Promise<MessageProject[]> {
    return this.repository.projects(auth.userId);
  }

  async delete(auth: AuthContext, id: number): Promise<void> {
    if (!(await this.repository.delete(auth.userId, id))) throw notFound(MessageMessages.NOT_FOUND);
  }

  async deleteRead(auth: AuthContext, type: MessageType | undefined): Promise<{ deleted: number }> {
    return { deleted: await this.repository.deleteRead(auth.userId, type) };
  }

  /** The message types with their built-in templates, and the placeholders templates may use. */
  templateCatalogue() {
    return {
      types: MESSAGE_TYPES.map((type) => ({
        type,
        typeName: MessageTypeNames[type],
        kind: MessageTypeKinds[type],
        ...DEFAULT_TEMPLATES[type],
      })),
      placeholders: Object.entries(TEMPLATE_PLACEHOLDERS).map(([name, label]) => ({ name, label })),
    };
  }
}
