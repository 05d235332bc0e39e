import type { PageQuery } from '@iot/contracts';
import type { IntegrationClient } from '@iot/contracts/clients';
import type { Kysely } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { Database } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

const columns = [
  'c.id',
  'c.client_id',
  'c.name',
  'c.user_id',
  'c.enabled',
  'c.created_at',
  'c.secret_hash',
  'u.username',
] as const;

type ClientRow = {
  id: number;
  client_id: string;
  name: string;
  user_id: number;
  enabled: number;
  created_at: number;
  username: string;
};

function present(row: ClientRow): IntegrationClient {
  return {
    id: row.id,
    clientId: row.client_id,
    name: row.name,
    userId: row.user_id,
    username: row.username,
    enabled: row.enabled === 1,
    createdAt: row.created_at,
  };
}

/** Integration clients registered for the client-credentials grant. */
export class ClientsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private select() {
    return this.db
      .selectFrom('oauth_clients as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(columns);
  }

  /** Clients by name, clientId or account; projectId given, only those whose account is its member. */
  list(pageQuery: PageQuery, filter: { keyword?: string | undefined; projectId?: number }) {
    let query = this.select();
    const { keyword, projectId } = filter;
    if (keyword)
      query = query.where((eb) =>
        eb.or([
          containsText('c.name', keyword),
          containsText('c.client_id', keyword),
          containsText('u.username', keyword),
        ]),
      );
    if (projectId !== undefined)
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('memberships as m')
            .select('m.user_id')
            .where('m.scope_type', '=', 'project')
            .where('m.scope_id', '=', projectId)
            .whereRef('m.user_id', '=', 'c.user_id'),
        ),
      );
    return paginate(query, pageQuery, (q) => q.orderBy('c.id'), present);
  }

  async get(id: number): Promise<IntegrationClient | undefined> {
    const row = await this.select().where('c.id', '=', id).executeTakeFirst();
    return row && present(row);
  }

  async findByClientId(clientId: string) {
    const row = await this.select().where('c.client_id', '=', clientId).executeTakeFirst();
    return row && { ...present(row), secretHash: row.secret_hash };
  }

  async userExists(userId: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !==
      undefined
    );
  }

  async create(client: {
    clientId: string;
    name: string;
    userId: number;
    secretHash: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('oauth_clients')
      .values({
        client_id: client.clientId,
        name: client.name,
        user_id: client.userId,
        secret_hash: client.secretHash,
        enabled: 1,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, patch: { name?: string; enabled?: number; secret_hash?: string }): Promise<void> {
    await this.db.updateTable('oauth_clients').set(patch).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('oauth_clients').where('id', '=', id).execute();
  }
}
