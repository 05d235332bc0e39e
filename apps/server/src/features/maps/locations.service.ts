import {
  CELL_MNC_IDENTIFICATION,
  CHINA_MCC,
  emptyLocation,
  LocateByReportData,
  type Location,
  type LocationForm,
  type LocationKind,
  locationForm,
  normaliseLocation,
  pickGateway,
  roundCoordinate,
} from '@iot/contracts/maps';
import { type ClusterBus, defineChannel } from '../../platform/cluster-bus.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { gatewayConfigChannel } from '../../platform/gateway-config.js';
import { NodeCache } from '../../platform/node-cache.js';
import type { CellLocator } from './cell-locator.js';
import { gcoord } from './coordinates.js';
import type { LocationRow, LocationsRepository } from './locations.repository.js';

/** A gateway's reported-position settings changed: every node forgets what it knew. */
const locationsChannel = defineChannel('map-locations', () => ({}), { confirmed: true });

/**
 * How a node remembers which indicators carry a gateway's position (invalidated on change): its
 * longitude and latitude, or — by base station — its LAC, CELLID and, when it has one, MNC.
 */
type Watched =
  | { kind: 'lnglat'; lon: number; lat: number; locateByReportData: number }
  | { kind: 'cell'; lac: number; cell: number; mnc: number | undefined };

type Point = { gatewayIndicatorId: number; ts: number; value: number | string };

/** A LAC or cell id as reported: a non-negative integer, in decimal or as 0x… hex. */
export function cellNumber(value: number | string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  const n = /^0x[0-9a-f]+$/i.test(text)
    ? Number.parseInt(text.slice(2), 16)
    : /^\d+(\.0+)?$/.test(text)
      ? Number(text)
      : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** A reported longitude/latitude in the gateway's coordinate system, as WGS-84 (what we store). */
export function toWgs84(lng: number, lat: number, locateByReportData: number): [number, number] {
  const from =
    locateByReportData === LocateByReportData.GCJ02
      ? gcoord.GCJ02
      : locateByReportData === LocateByReportData.BD09
        ? gcoord.BD09
        : gcoord.WGS84;
  const [x, y] = from === gcoord.WGS84 ? [lng, lat] : gcoord.transform([lng, lat], from, gcoord.WGS84);
  return [roundCoordinate(x), roundCoordinate(y)];
}

/**
 * Locations of sites, gateways and equipment (docs/decisions/0066-maps-and-location.md): the §4 rules
 * applied before storing, tenant checks on every owner and picked gateway, and the positions that
 * gateways report moving them and whatever follows them.
 */
export class LocationsService {
  private readonly watched: NodeCache<number, Watched | null>;

  constructor(
    private readonly repository: LocationsRepository,
    private readonly cluster: ClusterBus,
    private readonly cells?: CellLocator,
  ) {
    this.watched = new NodeCache(cluster, { ttlMs: 60_000, maxEntries: 100_000 });
    cluster.subscribe(locationsChannel, () => this.watched.clear());
    cluster.subscribe(gatewayConfigChannel, () => this.watched.clear());
  }

  private async owner(projectId: number, kind: LocationKind, ownerId: number): Promise<string> {
    const name = await this.repository.ownerName(projectId, kind, ownerId);
    if (name === undefined) throw notFound();
    return name;
  }

  async get(projectId: number, kind: LocationKind, ownerId: number): Promise<Location> {
    await this.owner(projectId, kind, ownerId);
    const row = await this.repository.find(projectId, kind, ownerId);
    // A gateway on base station whose last reported cell nobody knew: said where it is looked at.
    const miss =
      kind === 'gateway' && row?.location_mode === 1 && row.locate_by_report_data === LocateByReportData.CELL
        ? await this.repository.lastUnknownCell(ownerId)
        : undefined;
    return {
      ...(row ? formOf(row) : emptyLocation()),
      kind,
      ownerId,
      positionAt: row?.position_at ?? null,
      unknownCell: miss && miss.lastAt > (row?.position_at ?? 0) ? miss : null,
    };
  }

  async save(projectId: number, kind: LocationKind, ownerId: number, input: LocationForm): Promise<Location> {
    await this.owner(projectId, kind, ownerId);
    let form = normaliseLocation(kind, input);
    if (form.gatewayId !== null) {
      if (
        kind === 'gateway' ||
        (await this.repository.ownerName(projectId, 'gateway', form.gatewayId)) === undefined
      )
        throw badRequest('网关不存在');
      // Following a gateway (§4): its locateByReportData (0 becomes 1) and identifiers, as the
      // control copied them, taken from the gateway itself; and start from where it is now.
      const followed = await this.repository.find(projectId, 'gateway', form.gatewayId);
      form = pickGateway(form, {
        id: form.gatewayId,
        alias: '',
        locateByReportData: followed?.locate_by_report_data ?? 0,
        lonIdentification: followed?.lon_identification ?? '',
        latIdentification: followed?.lat_identification ?? '',
      });
      if (followed?.x_axis != null && followed.y_axis != null)
        form = { ...form, xAxis: followed.x_axis, yAxis: followed.y_axis };
    }
    const rounded = {
      ...form,
      xAxis: form.xAxis === null ? null : roundCoordinate(form.xAxis),
      yAxis: form.yAxis === null ? null : roundCoordinate(form.yAxis),
    };
    await this.repository.save(projectId, kind, ownerId, rounded, Date.now());
    if (kind === 'gateway') await this.cluster.publish(locationsChannel, {});
    return this.get(projectId, kind, ownerId);
  }

  gateways(projectId: number) {
    return this.repository.projectGateways(projectId);
  }

  markers(projectId: number) {
    return this.repository.markers(projectId);
  }

  /**
   * Stored points of a gateway: when it reports its position and the identifiers' values are in the
   * batch, it moves, and whatever follows it. By longitude and latitude (locateByReportData 2–4) the
   * values are converted to WGS-84; by base station (1) LAC and CELLID (and MNC when reported) are
   * looked up in the cell table or the online service — an unknown cell leaves it where it was.
   */
  async onStored(gatewayId: number, points: Point[]) {
    const watched = await this.watched.get(gatewayId, () => this.watch(gatewayId));
    if (!watched) return;
    const latest = (id: number | undefined) =>
      points.filter((p) => p.gatewayIndicatorId === id).sort((a, b) => b.ts - a.ts)[0];
    if (watched.kind === 'cell') {
      const lac = latest(watched.lac);
      const cell = latest(watched.cell);
      const [lacValue, cellValue] = [cellNumber(lac?.value), cellNumber(cell?.value)];
      if (!this.cells || !lac || !cell || lacValue === undefined || cellValue === undefined) return;
      if (lacValue > 2_147_483_647) return;
      const at = Math.max(lac.ts, cell.ts);
      const mnc = cellNumber(latest(watched.mnc)?.value) ?? (await this.cells.defaultMnc());
      const key = { mcc: CHINA_MCC, mnc, lac: lacValue, cellId: cellValue };
      const found = await this.cells.locate(key, gatewayId, at);
      if (!found) return;
      await this.repository.moveGateway(
        gatewayId,
        roundCoordinate(found.lng),
        roundCoordinate(found.lat),
        at,
      );
      return;
    }
    const lon = latest(watched.lon);
    const lat = latest(watched.lat);
    if (!lon || !lat) return;
    const x = Number(lon.value);
    const y = Number(lat.value);
    if (!Number.isFinite(x) || !Number.isFinite(y) || x < -180 || x > 180 || y < -90 || y > 90) return;
    const [lng, wgsLat] = toWgs84(x, y, watched.locateByReportData);
    await this.repository.moveGateway(gatewayId, lng, wgsLat, Math.max(lon.ts, lat.ts));
  }

  private async watch(gatewayId: number): Promise<Watched | null> {
    const gateway = await this.repository.reportingGateway(gatewayId);
    if (!gateway || gateway.locateByReportData < LocateByReportData.CELL) return null;
    const cell = gateway.locateByReportData === LocateByReportData.CELL;
    const ids = await this.repository.indicatorIds(gatewayId, [
      gateway.lonIdentification,
      gateway.latIdentification,
      ...(cell ? [CELL_MNC_IDENTIFICATION] : []),
    ]);
    const lon = ids.get(gateway.lonIdentification);
    const lat = ids.get(gateway.latIdentification);
    if (lon === undefined || lat === undefined) return null;
    return cell
      ? { kind: 'cell', lac: lon, cell: lat, mnc: ids.get(CELL_MNC_IDENTIFICATION) }
      : { kind: 'lnglat', lon, lat, locateByReportData: gateway.locateByReportData };
  }
}

function formOf(row: LocationRow): LocationForm {
  const parsed = locationForm.safeParse({
    xAxis: row.x_axis,
    yAxis: row.y_axis,
    fullAddress: row.full_address,
    address: safeJson(row.address, []),
    locationMode: row.location_mode,
    gatewayId: row.gateway_id,
    locateType: row.locate_type,
    lonIdentification: row.lon_identification,
    latIdentification: row.lat_identification,
    locateByReportData: row.locate_by_report_data,
    coordinateSystem: row.coordinate_system,
    area: safeJson(row.area, []),
  });
  return parsed.success ? parsed.data : emptyLocation();
}

function safeJson(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}
