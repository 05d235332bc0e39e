import type { Page } from '@iot/contracts';
import type {
  Message,
  MessageHeaders,
  MessageListQuery,
  MessageProject,
  MessageType,
  RecipientBody,
  RecipientSetting,
  UnreadCount,
} from '@iot/contracts/messages';
import { MessageTypeNames } from '@iot/contracts/messages';
import type { Kysely, Selectable } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database, MessageRecipientsTable, MessagesTable } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

type MessageRow = Selectable<MessagesTable>;
type RecipientRow = Selectable<MessageRecipientsTable>;
export type NewMessage = Omit<MessageRow, 'id' | 'read_at'>;

/** A JSON column's value, or `fallback` when it is empty or unreadable. */
export const json = <T>(text: string, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function presentMessage(row: MessageRow & { project_name: string | null }): Message {
  const headers = json<MessageHeaders | null>(row.headers, null);
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: row.type as MessageType,
    typeName: MessageTypeNames[row.type as MessageType] ?? row.type,
    createdAt: Number(row.created_at),
    projectId: row.project_id,
    relationId: row.relation_id,
    ...(headers ? { headers } : {}),
    isRead: row.read_at !== null,
    readAt: row.read_at === null ? null : Number(row.read_at),
    projectName: row.project_name,
  };
}

function presentRecipient(row: RecipientRow): RecipientSetting {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    types: json<MessageType[]>(row.types, []),
    levels: json<number[]>(row.levels, []),
    roleIds: json<number[]>(row.role_ids, []),
    userIds: json<number[]>(row.user_ids, []),
    onDuty: Boolean(row.on_duty),
    sms: Boolean(row.sms),
    voice: Boolean(row.voice),
    enabled: Boolean(row.enabled),
    createdAt: Number(row.created_at),
  };
}

/** A project member as the dispatcher sees them. */
export interface Member {
  userId: number;
  roleId: number;
  isAdmin: boolean;
  mobile: string | null;
  enabled: boolean;
  expireAt: number | null;
  messageSetting: string;
}

export type QuotaKind = 'sms' | 'voice';
const QUOTA_COLUMN = { sms: 'send_messages_total_num', voice: 'send_voices_total_num' } as const;
/** What was sent (migration 0024), counted with the quota taken (资源概览). */
const SENT_COLUMN = { sms: 'messages_sent_num', voice: 'voices_sent_num' } as const;

/** Messages, recipient settings, templates, webhooks and deliveries: the only Kysely user of their tables. */
export class MessagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // The message center: every query names the user first.

  /** The user's messages with their project's name. */
  private own(userId: number) {
    return this.db
      .selectFrom('messages as m')
      .leftJoin('groups as g', 'g.id', 'm.project_id')
      .selectAll('m')
      .select('g.name as project_name')
      .where('m.user_id', '=', userId);
  }

  list(userId: number, query: MessageListQuery): Promise<Page<Message>> {
    let q = this.own(userId);
    const { isRead, type, projectId, keyword, startTime, endTime } = query;
    if (isRead !== undefined) q = q.where('m.read_at', isRead ? 'is not' : 'is', null);
    if (type) q = q.where('m.type', '=', type);
    if (projectId) q = q.where('m.project_id', '=', projectId);
    if (keyword)
      q = q.where((eb) => eb.or([containsText('m.title', keyword), containsText('m.content', keyword)]));
    if (startTime !== undefined) q = q.where('m.created_at', '>=', startTime);
    if (endTime !== undefined) q = q.where('m.created_at', '<=', endTime);
    return paginate(q, query, (o) => o.orderBy('m.id', 'desc'), presentMessage);
  }

  async get(userId: number, id: number): Promise<Message | undefined> {
    const row = await this.own(userId).where('m.id', '=', id).executeTakeFirst();
    return row && presentMessage(row);
  }

  /** The projects the user has messages from, by name. */
  projects(userId: number): Promise<MessageProject[]> {
    return this.db
      .selectFrom('groups as g')
      .select(['g.id', 'g.name'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('messages as m')
            .select('m.id')
            .where('m.user_id', '=', userId)
            .whereRef('m.project_id', '=', 'g.id'),
        ),
      )
      .orderBy('g.name')
      .execute();
  }

  /** Deletes one of the user's messages; answers whether there was one. */
  async delete(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('messages')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes the user's read messages (of one type); answers how many. */
  async deleteRead(userId: number, type: MessageType | undefined): Promise<number> {
    let q = this.db.deleteFrom('messages').where('user_id', '=', userId).where('read_at', 'is not', null);
    if (type) q = q.where('type', '=', type);
    return Number((await q.executeTakeFirst()).numDeletedRows);
  }

  async unreadCount(userId: number): Promise<UnreadCount> {
    const rows = await this.db
      .selectFrom('messages')
      .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .groupBy('type')
      .execute();
    const byType: Record<string, number> = {};
    for (const row of rows) byType[row.type] = Number(row.n);
    return { total: Object.values(byType).reduce((a, b) => a + b, 0), byType };
  }

  async markRead(userId: number, id: number, now: number): Promise<void> {
    await this.db
      .updateTable('messages')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .execute();
  }

  async markAllRead(userId: number, type: MessageType | undefined, now: number): Promise<number> {
    let q = this.db
      .updateTable('messages')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if (type) q = q.where('type', '=', type);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Writes one message per recipient; answers user id → message id. */
  async insertMessages(rows: NewMessage[]): Promise<Map<number, MessageRow>> {
    if (rows.length === 0) return new Map();
    const inserted = await this.db.insertInto('messages').values(rows).returningAll().execute();
    return new Map(inserted.map((row) => [row.user_id, row]));
  }

  // What the dispatcher reads.

  async project(projectId: number): Promise<{ name: string } | undefined> {
    return this.db.selectFrom('groups').select('name').where('id', '=', projectId).executeTakeFirst();
  }

  /** Members of a project with their role and, for `menu`, the bits their role holds there. */
  async members(projectId: number, menu: string): Promise<(Member & { bits: number })[]> {
    const rows = await this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .leftJoin('role_functions as f', (join) =>
        join.onRef('f.role_id', '=', 'm.role_id').on('f.menu_code', '=', menu),
      )
      .select([
        'u.id',
        'm.role_id',
        'r.builtin',
        'u.mobile',
        'u.status',
        'u.expire_at',
        'u.message_setting',
        'f.permission',
      ])
      .where('m.scope_type', '=', 'project')
      .where('m.scope_id', '=', projectId)
      .execute();
    return rows.map((row) => ({
      userId: row.id,
      roleId: row.role_id,
      isAdmin: row.builtin === 'admin',
      mobile: row.mobile,
      enabled: row.status === 'enabled',
      expireAt: row.expire_at === null ? null : Number(row.expire_at),
      messageSetting: row.message_setting,
      bits: row.permission ?? 0,
    }));
  }

  async messageSetting(userId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('message_setting')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.message_setting;
  }

  /**
   * Takes one SMS or voice call from the project's remaining count and counts it sent; false when
   * it is spent. -1 means unlimited and is never decremented. One statement, so concurrent senders
   * (and nodes) never take the last one twice.
   */
  async takeQuota(projectId: number, kind: QuotaKind): Promise<boolean> {
    const column = QUOTA_COLUMN[kind];
    const sent = SENT_COLUMN[kind];
    const result = await this.db
      .updateTable('projects')
      .set((eb) => ({
        [column]: eb
          .case()
          .when(column, '=', -1)
          .then(-1)
          .else(eb(column, '-', 1))
          .end(),
        [sent]: eb(sent, '+', 1),
      }))
      .where('group_id', '=', projectId)
      .where((eb) => eb.or([eb(column, '>', 0), eb(column, '=', -1)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives back one unit taken for a send the provider refused (unlimited stays unlimited). */
  async returnQuota(projectId: number, kind: QuotaKind): Promise<void> {
    const column = QUOTA_COLUMN[kind];
    const sent = SENT_COLUMN[kind];
    await this.db
      .updateTable('projects')
      .set((eb) => ({
        [column]: eb
          .case()
          .when(column, '=', -1)
          .then(-1)
          .else(eb(column, '+', 1))
          .end(),
        [sent]: eb
          .case()
          .when(sent, '>', 0)
          .then(eb(sent, '-', 1))
          .else(0)
          .end(),
      }))
      .where('group_id', '=', projectId)
      .execute();
  }

  // Recipient settings.

  async recipients(projectId: number): Promise<RecipientSetting[]> {
    const rows = await this.db
      .selectFrom('message_recipients')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
    return rows.map(presentRecipient);
  }

  async recipient(projectId: number, id: number): Promise<RecipientSetting | undefined> {
    const row = await this.db
      .selectFrom('message_recipients')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && presentRecipient(row);
  }

  private recipientColumns(body: RecipientBody) {
    return {
      name: body.name,
      types: JSON.stringify(body.types),
      levels: JSON.stringify(body.levels),
      role_ids: JSON.stringify(body.roleIds),
      user_ids: JSON.stringify(body.userIds),
      on_duty: body.onDuty ? 1 : 0,
      sms: body.sms ? 1 : 0,
      voice: body.voice ? 1 : 0,
      enabled: body.enabled ? 1 : 0,
    };
  }

  async createRecipient(projectId: number, body: RecipientBody, now: number): Promise<number> {
    const row = await this.db
      .insertInto('message_recipients')
      .values({ project_id: projectId, ...this.recipientColumns(body), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateRecipient(projectId: number, id: number, body: RecipientBody): Promise<boolean> {
    const result = await this.db
      .updateTable('message_recipients')
      .set(this.recipientColumns(body))
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteRecipient(projectId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('message_recipients')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The given role ids that are roles of the project. */
  async projectRoleIds(projectId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('roles')
      .select('id')
      .where('scope_type', '=', 'project')
      .where('scope_id', '=', projectId)
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The given user ids that are members of the project. */
  async projectMemberIds(projectId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('memberships')
      .select('user_id')
      .where('scope_type', '=', 'project')
      .where('scope_id', '=', projectId)
      .where('user_id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  // Templates.

  async templates(projectId: number): Promise<Map<string, { title: string; content: string }>> {
    const rows = await this.db
      .selectFrom('message_templates')
      .select(['type', 'title', 'content'])
      .where('project_id', '=', projectId)
      .execute();
    return new Map(rows.map((r) => [r.type, { title: r.title, content: r.content }]));
  }

  async saveTemplate(
    projectId: number,
    type: MessageType,
    template: { title: string; content: string },
    now: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('message_templates')
        .where('project_id', '=', projectId)
        .where('type', '=', type)
        .execute();
      await trx
        .insertInto('message_templates')
        .values({ project_id: projectId, type, ...template, updated_at: now })
        .execute();
    });
  }

  async deleteTemplate(projectId: number, type: MessageType): Promise<void> {
    await this.db
      .deleteFrom('message_templates')
      .where('project_id', '=', projectId)
      .where('type', '=', type)
      .execute();
  }
}
