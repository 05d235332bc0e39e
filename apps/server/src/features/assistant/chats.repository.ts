import type { Page, PageQuery } from '@iot/contracts';
import type { Chat, ChatFile, ChatMessage, ChatRole } from '@iot/contracts/assistant';
import { type Kysely, sql } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database } from '../../platform/db/schema.js';

/** A tool call an answer made, kept with the answer: what was asked and where the figures came from. */
export interface StoredToolCall {
  name: string;
  arguments: string;
  source: string;
}

export type MessageStatus = 'done' | 'streaming' | 'stopped' | 'failed';

export interface StoredMessage extends ChatMessage {
  status: MessageStatus;
}

type MessageRow = {
  id: number;
  role: string;
  content: string;
  reasoning: string;
  files: string;
  status: string;
};

function presentMessage(row: MessageRow): StoredMessage {
  return {
    id: row.id,
    role: row.role as ChatRole,
    content: row.content,
    files: JSON.parse(row.files) as ChatFile[],
    ...(row.reasoning ? { reasoning: row.reasoning } : {}),
    status: row.status as MessageStatus,
  };
}

const n = (value: number | string) => Number(value);

/** The only Kysely user of the assistant's chats; the project id comes first, the owner next. */
export class ChatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(projectId: number, userId: number, name: string, now: number): Promise<number> {
    const row = await this.db
      .insertInto('chats')
      .values({ project_id: projectId, user_id: userId, name, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  list(projectId: number, userId: number, query: PageQuery): Promise<Page<Chat>> {
    return paginate(
      this.db
        .selectFrom('chats')
        .select(['id', 'name', 'created_at', 'updated_at'])
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId),
      query,
      (q) => q.orderBy('updated_at', 'desc').orderBy('id', 'desc'),
      (row) => ({
        id: row.id,
        name: row.name,
        createdAt: n(row.created_at),
        updatedAt: n(row.updated_at),
      }),
    );
  }

  /** The caller's own chat in the project; undefined for anyone else's. */
  async find(projectId: number, userId: number, chatId: number): Promise<Chat | undefined> {
    const row = await this.db
      .selectFrom('chats')
      .select(['id', 'name', 'created_at', 'updated_at'])
      .where('id', '=', chatId)
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { id: row.id, name: row.name, createdAt: n(row.created_at), updatedAt: n(row.updated_at) };
  }

  async rename(chatId: number, name: string): Promise<void> {
    await this.db.updateTable('chats').set({ name }).where('id', '=', chatId).execute();
  }

  async delete(projectId: number, userId: number, chatId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('chats')
      .where('id', '=', chatId)
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async messages(chatId: number): Promise<StoredMessage[]> {
    const rows = await this.db
      .selectFrom('chat_messages')
      .select(['id', 'role', 'content', 'reasoning', 'files', 'status'])
      .where('chat_id', '=', chatId)
      .orderBy('id')
      .execute();
    return rows.map(presentMessage);
  }

  /**
   * The context of a question: the named messages of this chat (others ignored), or its last `last`
   * messages; in their order, finished or stopped answers only.
   */
  async context(chatId: number, ids: number[] | undefined, last: number): Promise<StoredMessage[]> {
    let query = this.db
      .selectFrom('chat_messages')
      .select(['id', 'role', 'content', 'reasoning', 'files', 'status'])
      .where('chat_id', '=', chatId)
      .where('status', 'in', ['done', 'stopped']);
    if (ids !== undefined) {
      if (ids.length === 0) return [];
      query = query.where('id', 'in', ids);
    }
    const rows = await query.orderBy('id', 'desc').limit(last).execute();
    return rows.reverse().map(presentMessage);
  }

  async addMessage(
    chatId: number,
    message: { role: ChatRole; content: string; files: ChatFile[]; status: MessageStatus },
    now: number,
  ): Promise<StoredMessage> {
    const row = await this.db
      .insertInto('chat_messages')
      .values({
        chat_id: chatId,
        role: message.role,
        content: message.content,
        files: JSON.stringify(message.files),
        status: message.status,
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'role', 'content', 'reasoning', 'files', 'status'])
      .executeTakeFirstOrThrow();
    await this.db.updateTable('chats').set({ updated_at: now }).where('id', '=', chatId).execute();
    return presentMessage(row);
  }

  async saveAnswer(
    messageId: number,
    answer: {
      content: string;
      reasoning: string;
      toolCalls: StoredToolCall[];
      status: MessageStatus;
    },
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('chat_messages')
      .set({
        content: answer.content,
        reasoning: answer.reasoning,
        tool_calls: JSON.stringify(answer.toolCalls),
        status: answer.status,
        updated_at: now,
      })
      .where('id', '=', messageId)
      .execute();
  }

  /** Saves the finished answer and frees its chat for the next question, at once. */
  async finishAnswer(
    chatId: number,
    messageId: number,
    answer: Parameters<ChatsRepository['saveAnswer']>[1],
    now: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const inside = new ChatsRepository(trx);
      await inside.saveAnswer(messageId, answer, now);
      await inside.release(chatId);
    });
  }

  /**
   * Marks the chat busy until `until` unless another answer is being written to it (on any node);
   * answers whether it did.
   */
  async claim(chatId: number, now: number, until: number): Promise<boolean> {
    const result = await this.db
      .updateTable('chats')
      .set({ busy_until: until, updated_at: now })
      .where('id', '=', chatId)
      .where((eb) => eb.or([eb('busy_until', 'is', null), eb('busy_until', '<=', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Keeps the chat busy longer: its answer is still being written (a long tool loop). */
  async extend(chatId: number, until: number): Promise<void> {
    await this.db.updateTable('chats').set({ busy_until: until }).where('id', '=', chatId).execute();
  }

  async release(chatId: number): Promise<void> {
    await this.db.updateTable('chats').set({ busy_until: null }).where('id', '=', chatId).execute();
  }

  /** The project's terms for the assistant: its display name of groups and its question quota. */
  async project(
    projectId: number,
  ): Promise<{ name: string; groupDisplayName: string; limit: number; used: number } | undefined> {
    const row = await this.db
      .selectFrom('projects as p')
      .innerJoin('groups as g', 'g.id', 'p.group_id')
      .select(['g.name', 'p.group_display_name', 'p.chat_messages_limit', 'p.chat_messages_used'])
      .where('p.group_id', '=', projectId)
      .executeTakeFirst();
    return (
      row && {
        name: row.name,
        groupDisplayName: row.group_display_name,
        limit: row.chat_messages_limit,
        used: n(row.chat_messages_used),
      }
    );
  }

  /** Counts one question against the project's limit (-1 unlimited); false when the limit is reached. */
  async takeQuestion(projectId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('projects')
      .set({ chat_messages_used: sql`chat_messages_used + 1` })
      .where('group_id', '=', projectId)
      .where((eb) =>
        eb.or([
          eb('chat_messages_limit', '=', -1),
          eb('chat_messages_used', '<', eb.ref('chat_messages_limit')),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Gives a question back: its answer failed before saying anything. */
  async giveBackQuestion(projectId: number): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({ chat_messages_used: sql`chat_messages_used - 1` })
      .where('group_id', '=', projectId)
      .where('chat_messages_used', '>', 0)
      .execute();
  }

  async addFile(
    file: {
      projectId: number;
      chatId: number;
      storedName: string;
      name: string;
      size: number;
      contentType: string;
    },
    now: number,
  ): Promise<void> {
    await this.db
      .insertInto('chat_files')
      .values({
        project_id: file.projectId,
        chat_id: file.chatId,
        stored_name: file.storedName,
        name: file.name,
        size: file.size,
        content_type: file.contentType,
        created_at: now,
      })
      .execute();
  }

  /** Whether a stored file belongs to a chat of the project. */
  async fileOfProject(projectId: number, storedName: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('chat_files')
      .select('id')
      .where('project_id', '=', projectId)
      .where('stored_name', '=', storedName)
      .executeTakeFirst();
    return row !== undefined;
  }
}
