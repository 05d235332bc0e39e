import type { LocationForm, LocationKind, MapMarker } from '@iot/contracts/maps';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { MapLocationsTable } from '../../platform/db/schema-maps.js';

type Row = Selectable<MapLocationsTable>;

/** A gateway that reports its own position: the identifiers of its longitude and latitude values. */
export interface ReportingGateway {
  gatewayId: number;
  projectId: number;
  locateByReportData: number;
  lonIdentification: string;
  latIdentification: string;
}

/** map_locations (migration 0046); the project id comes first in every call that reads a project. */
export class LocationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The owner's name when it belongs to the project; undefined otherwise (another tenant's id). */
  async ownerName(projectId: number, kind: LocationKind, ownerId: number): Promise<string | undefined> {
    if (kind === 'gateway') {
      const row = await this.db
        .selectFrom('gateways')
        .select(['alias', 'serial_number'])
        .where('id', '=', ownerId)
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row ? row.alias || row.serial_number : undefined;
    }
    if (kind === 'equipment') {
      const row = await this.db
        .selectFrom('equipment')
        .select('name')
        .where('id', '=', ownerId)
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row?.name;
    }
    const row = await this.db
      .selectFrom('groups')
      .select('name')
      .where('id', '=', ownerId)
      .where((eb) => eb.or([eb('project_id', '=', projectId), eb('id', '=', projectId)]))
      .executeTakeFirst();
    return row?.name;
  }

  async find(projectId: number, kind: LocationKind, ownerId: number): Promise<Row | undefined> {
    return this.db
      .selectFrom('map_locations')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('kind', '=', kind)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
  }

  async save(
    projectId: number,
    kind: LocationKind,
    ownerId: number,
    form: LocationForm,
    now: number,
  ): Promise<void> {
    const values = {
      x_axis: form.xAxis,
      y_axis: form.yAxis,
      full_address: form.fullAddress,
      address: JSON.stringify(form.address),
      location_mode: form.locationMode,
      gateway_id: form.gatewayId,
      locate_type: form.locateType,
      lon_identification: form.lonIdentification,
      lat_identification: form.latIdentification,
      locate_by_report_data: form.locateByReportData,
      coordinate_system: form.coordinateSystem,
      area: JSON.stringify(form.area),
      updated_at: now,
    };
    await this.db
      .insertInto('map_locations')
      .values({ kind, owner_id: ownerId, project_id: projectId, ...values })
      .onConflict((oc) => oc.columns(['kind', 'owner_id']).doUpdateSet(values))
      .execute();
  }

  /** Whether the gateway is one of the project's (the location-mode form's gateway select). */
  async projectGateways(projectId: number) {
    const rows = await this.db
      .selectFrom('gateways')
      .leftJoin('map_locations as l', (join) =>
        join.onRef('l.owner_id', '=', 'gateways.id').on('l.kind', '=', 'gateway'),
      )
      .select([
        'gateways.id',
        'gateways.alias',
        'gateways.serial_number',
        'l.locate_by_report_data',
        'l.lon_identification',
        'l.lat_identification',
      ])
      .where('gateways.project_id', '=', projectId)
      .orderBy('gateways.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      alias: r.alias || r.serial_number,
      locateByReportData: r.locate_by_report_data ?? 0,
      lonIdentification: r.lon_identification ?? '',
      latIdentification: r.lat_identification ?? '',
    }));
  }

  /** The gateway's position settings when it reports its position (automatic mode). */
  async reportingGateway(gatewayId: number): Promise<ReportingGateway | undefined> {
    const row = await this.db
      .selectFrom('map_locations')
      .select(['project_id', 'locate_by_report_data', 'lon_identification', 'lat_identification'])
      .where('kind', '=', 'gateway')
      .where('owner_id', '=', gatewayId)
      .where('location_mode', '=', 1)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      gatewayId,
      projectId: row.project_id,
      locateByReportData: row.locate_by_report_data,
      lonIdentification: row.lon_identification,
      latIdentification: row.lat_identification,
    };
  }

  /** The gateway indicator ids of these identifiers (longitude and latitude, or LAC, CELLID, MNC). */
  async indicatorIds(gatewayId: number, identifiers: string[]): Promise<Map<string, number>> {
    const wanted = identifiers.filter(Boolean);
    if (!wanted.length) return new Map();
    const rows = await this.db
      .selectFrom('gateway_indicators')
      .select(['id', 'data_identification'])
      .where('gateway_id', '=', gatewayId)
      .where('data_identification', 'in', wanted)
      .execute();
    return new Map(rows.map((r) => [r.data_identification, r.id]));
  }

  /** The cell the gateway reported last that no resolver knew (cell_misses, migration 0052). */
  async lastUnknownCell(gatewayId: number) {
    const row = await this.db
      .selectFrom('cell_misses')
      .select(['mnc', 'lac', 'cell_id', 'count', 'last_at'])
      .where('gateway_id', '=', gatewayId)
      .orderBy('last_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row
      ? {
          mnc: row.mnc,
          lac: row.lac,
          cellId: Number(row.cell_id),
          count: row.count,
          lastAt: Number(row.last_at),
        }
      : undefined;
  }

  /** A reported position: the gateway moves, and every site or equipment following it. */
  async moveGateway(gatewayId: number, lng: number, lat: number, at: number): Promise<void> {
    await this.db
      .updateTable('map_locations')
      .set({ x_axis: lng, y_axis: lat, position_at: at, updated_at: at })
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 'gateway'), eb('owner_id', '=', gatewayId)]),
          eb.and([eb('gateway_id', '=', gatewayId), eb('location_mode', '=', 1)]),
        ]),
      )
      .execute();
  }

  /** Sites and gateways with coordinates, with online state and open warnings. */
  async markers(projectId: number): Promise<MapMarker[]> {
    const rows = await this.db
      .selectFrom('map_locations')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('kind', 'in', ['site', 'gateway'])
      .where('x_axis', 'is not', null)
      .where('y_axis', 'is not', null)
      .execute();
    const gateways = await this.db
      .selectFrom('gateways')
      .select(['id', 'alias', 'serial_number', 'group_id', 'online_status'])
      .where('project_id', '=', projectId)
      .execute();
    const open = await this.db
      .selectFrom('warnings')
      .select(['gateway_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('project_id', '=', projectId)
      .where('released_at', 'is', null)
      .groupBy('gateway_id')
      .execute();
    const warningsOf = new Map(open.map((w) => [w.gateway_id, Number(w.n)]));
    const sites = rows.filter((r) => r.kind === 'site').map((r) => r.owner_id);
    const siteNames = sites.length
      ? new Map(
          (await this.db.selectFrom('groups').select(['id', 'name']).where('id', 'in', sites).execute()).map(
            (g) => [g.id, g.name],
          ),
        )
      : new Map<number, string>();
    return rows.flatMap((row): MapMarker[] => {
      const common = {
        lng: row.x_axis!,
        lat: row.y_axis!,
        fullAddress: row.full_address,
        positionAt: row.position_at,
      };
      if (row.kind === 'gateway') {
        const gateway = gateways.find((g) => g.id === row.owner_id);
        if (!gateway) return [];
        return [
          {
            kind: 'gateway',
            id: gateway.id,
            name: gateway.alias || gateway.serial_number,
            online: gateway.online_status === 'online',
            warnings: warningsOf.get(gateway.id) ?? 0,
            ...common,
          },
        ];
      }
      const mine = gateways.filter((g) => g.group_id === row.owner_id);
      const name = siteNames.get(row.owner_id);
      if (name === undefined) return [];
      return [
        {
          kind: 'site',
          id: row.owner_id,
          name,
          online: mine.some((g) => g.online_status === 'online'),
          warnings: mine.reduce((sum, g) => sum + (warningsOf.get(g.id) ?? 0), 0),
          ...common,
        },
      ];
    });
  }
}

export type LocationRow = Row;
