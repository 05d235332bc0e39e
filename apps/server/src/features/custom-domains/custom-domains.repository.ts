import type { PageQuery } from '@iot/contracts';
import type { CustomDomainConfig } from '@iot/contracts/custom-domains';
import type { Kysely, Selectable } from 'kysely';
import { paginate } from '../../platform/db/paging.js';
import type { CustomDomainConfigsTable, Database } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';

function present(row: Selectable<CustomDomainConfigsTable>): CustomDomainConfig {
  return {
    id: row.id,
    domainName: row.domain_name,
    loginSystemName: row.login_system_name,
    logoUrl: row.logo_url,
    createdAt: row.created_at,
  };
}

type Input = { domainName: string; loginSystemName: string; logoUrl: string };

export class CustomDomainsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(pageQuery: PageQuery, keyword: string | undefined) {
    let query = this.db.selectFrom('custom_domain_configs').selectAll();
    if (keyword) query = query.where(containsText('domain_name', keyword));
    return paginate(query, pageQuery, (q) => q.orderBy('id'), present);
  }

  async get(id: number): Promise<CustomDomainConfig | undefined> {
    const row = await this.db
      .selectFrom('custom_domain_configs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && present(row);
  }

  async findByDomain(domainName: string): Promise<CustomDomainConfig | undefined> {
    const row = await this.db
      .selectFrom('custom_domain_configs')
      .selectAll()
      .where('domain_name', '=', domainName)
      .executeTakeFirst();
    return row && present(row);
  }

  async create(input: Input): Promise<number> {
    const row = await this.db
      .insertInto('custom_domain_configs')
      .values({
        domain_name: input.domainName,
        login_system_name: input.loginSystemName,
        logo_url: input.logoUrl,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, input: Input): Promise<void> {
    await this.db
      .updateTable('custom_domain_configs')
      .set({
        domain_name: input.domainName,
        login_system_name: input.loginSystemName,
        logo_url: input.logoUrl,
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('custom_domain_configs').where('id', '=', id).execute();
  }

  async isTaken(domainName: string, excludeId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('custom_domain_configs')
      .select('id')
      .where('domain_name', '=', domainName);
    if (excludeId) query = query.where('id', '!=', excludeId);
    return (await query.executeTakeFirst()) !== undefined;
  }
}
