import type { Page, PageQuery } from '@iot/contracts';
import type {
  ClockStatus,
  EntryAction,
  Gateway,
  GatewayDetail,
  GatewayEntryRecord,
  GatewayListItem,
  GatewayModel,
  GatewayType,
  OnlineStatus,
} from '@iot/contracts/gateways';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../platform/db/connect.js';
import { paginate } from '../../platform/db/paging.js';
import type { Database, GatewaysTable } from '../../platform/db/schema.js';
import { containsText } from '../../platform/db/search.js';
import { IndicatorStores } from '../indicators/index.js';
import { isSharedInto, sharedGatewayIds } from '../sharing/index.js';

/** Whose gateways: a firm's (it made them) or a project's (they are bound to it). */
export type Owner = { firmId: number } | { projectId: number };

export interface GatewayFilter {
  keyword?: string | undefined;
  onlineStatus?: OnlineStatus | 'offline' | undefined;
  /** Only gateways sitting in one of these groups (never empty). */
  groupIds?: number[] | undefined;
  /** Only gateways carrying this label (project lists; a label of another project matches none). */
  labelId?: number | undefined;
}

/** The columns bind, unbind, changeBind and transfer set together. */
export interface Placement {
  projectId: number | null;
  groupId: number | null;
  alias: string;
}

export interface EntryRecordInput {
  gatewayId: number;
  action: EntryAction;
  projectId: number | null;
  targetProjectId?: number | null;
  groupId: number | null;
  userId: number;
}

function present(row: Selectable<GatewaysTable>): Gateway {
  return {
    id: row.id,
    serialNumber: row.serial_number,
    alias: row.alias,
    type: row.type as GatewayType,
    model: row.model as GatewayModel,
    iccid: row.iccid,
    batchOrContract: row.batch_or_contract,
    firmId: row.firm_id,
    projectId: row.project_id,
    groupId: row.group_id,
    onlineStatus: row.online_status as OnlineStatus,
    clockStatus: row.clock_status as ClockStatus | null,
    lastSeenAt: row.last_seen_at,
    unknownKeyCount: row.unknown_key_count,
    rejectedValueCount: row.rejected_value_count,
    createdAt: row.created_at,
  };
}

/** Gateways and their entry records; lists and reads name the owning firm or project. */
export class GatewaysRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Runs work atomically on gateways and, on the same transaction, the indicator stores. */
  transaction<T>(
    work: (tx: {
      gateways: GatewaysRepository;
      indicators: IndicatorStores;
      db: Kysely<Database>;
    }) => Promise<T>,
  ) {
    return this.db.transaction().execute((trx) =>
      work({
        gateways: new GatewaysRepository(trx, this.dialect),
        indicators: new IndicatorStores(trx, this.dialect),
        db: trx,
      }),
    );
  }

  private owned(owner: Owner) {
    const query = this.db.selectFrom('gateways').selectAll('gateways');
    return 'firmId' in owner
      ? query.where('gateways.firm_id', '=', owner.firmId)
      : query.where('gateways.project_id', '=', owner.projectId);
  }

  /**
   * A project's own gateways and those shared into it (read-only there; decision 0069), or a firm's.
   */
  private visible(owner: Owner) {
    if ('firmId' in owner) return this.owned(owner);
    return this.db
      .selectFrom('gateways')
      .selectAll('gateways')
      .where((eb) =>
        eb.or([
          eb('gateways.project_id', '=', owner.projectId),
          eb('gateways.id', 'in', sharedGatewayIds(this.db, owner.projectId)),
        ]),
      );
  }

  /**
   * A page of gateways; a project's rows name their area or site (null at the project's root), and
   * the gateways shared into it come along, marked shared with their owner project's name (a group
   * or label filter is about the project's own tree, so it leaves them out).
   */
  list(owner: Owner, pageQuery: PageQuery, filter: GatewayFilter): Promise<Page<GatewayListItem>> {
    let query = this.visible(owner).select((eb) => [
      eb
        .selectFrom('groups as g')
        .select('g.name')
        .whereRef('g.id', '=', 'gateways.group_id')
        .whereRef('g.id', '!=', 'gateways.project_id')
        .as('group_name'),
      eb
        .selectFrom('groups as o')
        .select('o.name')
        .whereRef('o.id', '=', 'gateways.project_id')
        .as('owner_name'),
    ]);
    const { keyword, onlineStatus, groupIds } = filter;
    if (keyword)
      query = query.where((eb) =>
        eb.or([containsText('gateways.serial_number', keyword), containsText('gateways.alias', keyword)]),
      );
    if (onlineStatus === 'offline') query = query.where('gateways.online_status', '!=', 'online');
    else if (onlineStatus) query = query.where('gateways.online_status', '=', onlineStatus);
    if (groupIds) query = query.where('gateways.group_id', 'in', groupIds);
    const { labelId } = filter;
    if (labelId !== undefined && 'projectId' in owner)
      query = query.where('gateways.id', 'in', (eb) =>
        eb
          .selectFrom('label_links as ll')
          .innerJoin('labels as l', 'l.id', 'll.label_id')
          .select('ll.target_id')
          .where('ll.label_id', '=', labelId)
          .where('ll.target_type', '=', 'gateway')
          .where('l.project_id', '=', owner.projectId),
      );
    return paginate(
      query,
      pageQuery,
      (q) => q.orderBy('gateways.id'),
      (row): GatewayListItem => {
        const shared = 'projectId' in owner && row.project_id !== owner.projectId;
        return {
          ...present(row),
          groupName: 'projectId' in owner && !shared ? (row.group_name ?? null) : null,
          shared,
          sharedFrom: shared ? (row.owner_name ?? null) : null,
        };
      },
    );
  }

  async get(owner: Owner, id: number): Promise<Gateway | undefined> {
    const row = await this.owned(owner).where('gateways.id', '=', id).executeTakeFirst();
    return row && present(row);
  }

  /** Whether the gateway is shared into the project (readable there, never writable). */
  isSharedInto(projectId: number, id: number): Promise<boolean> {
    return isSharedInto(this.db, projectId, id);
  }

  async detail(projectId: number, id: number): Promise<GatewayDetail | undefined> {
    const row = await this.visible({ projectId })
      .leftJoin('groups as g', 'g.id', 'gateways.group_id')
      .leftJoin('groups as o', 'o.id', 'gateways.project_id')
      .leftJoin('gateway_firms as f', 'f.id', 'gateways.firm_id')
      .select((eb) => [
        'g.name as group_name',
        'o.name as owner_name',
        'f.name as firm_name',
        eb
          .selectFrom('gateway_indicators as gi')
          .select((sub) => sub.fn.countAll<number | string>().as('n'))
          .whereRef('gi.gateway_id', '=', 'gateways.id')
          .as('indicator_count'),
      ])
      .where('gateways.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const shared = row.project_id !== projectId;
    return {
      ...present(row),
      groupName: shared ? null : row.group_name,
      shared,
      sharedFrom: shared ? row.owner_name : null,
      firmName: row.firm_name,
      indicatorCount: Number(row.indicator_count ?? 0),
    };
  }

  /** A gateway by serial number, with the bind code a project must present to bind it. */
  async findForBinding(serialNumber: string): Promise<{ gateway: Gateway; bindCode: string } | undefined> {
    const row = await this.db
      .selectFrom('gateways')
      .selectAll()
      .where('serial_number', '=', serialNumber)
      .executeTakeFirst();
    return row && { gateway: present(row), bindCode: row.bind_code };
  }

  /** A new gateway: offline, never seen, no counts, no Modbus configuration yet. */
  async create(
    values: Omit<
      Insertable<GatewaysTable>,
      'created_at' | 'modbus_config' | 'online_status' | 'unknown_key_count' | 'rejected_value_count'
    >,
  ): Promise<number> {
    const row = await this.db
      .insertInto('gateways')
      .values({
        ...values,
        online_status: 'offlineNormal',
        unknown_key_count: 0,
        rejected_value_count: 0,
        modbus_config: '{}',
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    id: number,
    patch: Partial<
      Pick<
        GatewaysTable,
        'serial_number' | 'alias' | 'type' | 'model' | 'iccid' | 'batch_or_contract' | 'secret_hash'
      >
    >,
  ): Promise<void> {
    await this.db.updateTable('gateways').set(patch).where('id', '=', id).execute();
  }

  /**
   * Moves a gateway, but only if it is still where the caller found it (`fromProjectId`), so two
   * projects binding one gateway at once cannot both succeed. False when it had moved.
   */
  async place(id: number, fromProjectId: number | null, placement: Placement): Promise<boolean> {
    const result = await this.db
      .updateTable('gateways')
      .set({ project_id: placement.projectId, group_id: placement.groupId, alias: placement.alias })
      .where('id', '=', id)
      .where('project_id', fromProjectId === null ? 'is' : '=', fromProjectId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('gateways').where('id', '=', id).execute();
  }

  async isSerialNumberTaken(serialNumber: string, excludeId?: number): Promise<boolean> {
    let query = this.db.selectFrom('gateways').select('id').where('serial_number', '=', serialNumber);
    if (excludeId) query = query.where('id', '!=', excludeId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async isAliasTaken(projectId: number, alias: string, excludeId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('gateways')
      .select('id')
      .where('project_id', '=', projectId)
      .where('alias', '=', alias);
    if (excludeId) query = query.where('id', '!=', excludeId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async isGroupOfProject(projectId: number, groupId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('groups')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', '=', groupId)
      .executeTakeFirst();
    return row !== undefined;
  }

  groupsOfProject(projectId: number) {
    return this.db
      .selectFrom('groups')
      .select(['id', 'parent_id', 'group_type'])
      .where('project_id', '=', projectId)
      .execute();
  }

  /** The project settings that govern moving gateways out of place. */
  async projectFlags(projectId: number): Promise<{ canUnbind: boolean; canChangeBind: boolean }> {
    const row = await this.db
      .selectFrom('projects')
      .select(['can_unbind_gateway', 'can_change_bind_gateway'])
      .where('group_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return { canUnbind: row.can_unbind_gateway === 1, canChangeBind: row.can_change_bind_gateway === 1 };
  }

  async addRecord(record: EntryRecordInput): Promise<void> {
    await this.db
      .insertInto('gateway_entry_records')
      .values({
        gateway_id: record.gatewayId,
        action: record.action,
        project_id: record.projectId,
        target_project_id: record.targetProjectId ?? null,
        group_id: record.groupId,
        user_id: record.userId,
        created_at: Date.now(),
      })
      .execute();
  }

  /** A gateway's records that concern the project (a transfer concerns both ends), newest first. */
  records(projectId: number, gatewayId: number, pageQuery: PageQuery) {
    const query = this.db
      .selectFrom('gateway_entry_records as r')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .selectAll('r')
      .select('u.realname')
      .where('r.gateway_id', '=', gatewayId)
      .where((eb) => eb.or([eb('r.project_id', '=', projectId), eb('r.target_project_id', '=', projectId)]));
    return paginate(
      query,
      pageQuery,
      (q) => q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc'),
      (row): GatewayEntryRecord => ({
        id: row.id,
        gatewayId: row.gateway_id,
        action: row.action as EntryAction,
        projectId: row.project_id,
        targetProjectId: row.target_project_id,
        groupId: row.group_id,
        userId: row.user_id,
        realname: row.realname,
        createdAt: row.created_at,
      }),
    );
  }
}
