import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { sharedTargets } from '../sharing/index.js';

export class LiveDataRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Where each gateway belongs: its project (and whether that project is a public demo) and firm. */
  async owners(gatewayIds: number[]) {
    if (gatewayIds.length === 0) return [];
    return this.db
      .selectFrom('gateways as g')
      .leftJoin('projects as p', 'p.group_id', 'g.project_id')
      .select(['g.id', 'g.project_id', 'g.firm_id', 'p.is_demo'])
      .where('g.id', 'in', gatewayIds)
      .execute();
  }

  /** The projects each gateway is shared into (docs/decisions/0069). */
  sharedInto(gatewayIds: number[]) {
    return sharedTargets(this.db, gatewayIds);
  }

  /** Alias, site and project name of those of the gateways that belong to a demo project. */
  async demoNames(gatewayIds: number[]) {
    if (gatewayIds.length === 0) return [];
    return this.db
      .selectFrom('gateways as g')
      .innerJoin('projects as p', 'p.group_id', 'g.project_id')
      .innerJoin('groups as pg', 'pg.id', 'g.project_id')
      .leftJoin('groups as s', (join) =>
        join.onRef('s.id', '=', 'g.group_id').onRef('s.id', '!=', 'g.project_id'),
      )
      .select(['g.id', 'g.alias', 's.name as site_name', 'pg.name as project_name'])
      .where('g.id', 'in', gatewayIds)
      .where('p.is_demo', '=', 1)
      .orderBy('g.id')
      .execute();
  }

  /** The scopes (projects and firms) a user is a member of. */
  async memberships(userId: number) {
    return this.db
      .selectFrom('memberships')
      .select(['scope_type', 'scope_id'])
      .where('user_id', '=', userId)
      .where('scope_type', 'in', ['project', 'firm'])
      .execute();
  }

  /** Last values of the gateways' indicators, by gateway. */
  async lastValues(gatewayIds: number[]) {
    if (gatewayIds.length === 0) return [];
    return this.db
      .selectFrom('last_values as l')
      .innerJoin('gateway_indicators as gi', 'gi.id', 'l.gateway_indicator_id')
      .select(['gi.gateway_id', 'gi.data_identification', 'l.ts', 'l.num_value', 'l.text_value'])
      .where('gi.gateway_id', 'in', gatewayIds)
      .execute();
  }
}
