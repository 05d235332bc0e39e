import {
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
import { gcoord } from './coordinates.js';
import type { LocationRow, LocationsRepository } from './locations.repository.js';

/** A gateway's reported-position settings changed: every node forgets what it knew. */
const locationsChannel = defineChannel('map-locations', () => ({}), { confirmed: true });

/** How a node remembers which indicators carry a gateway's position (invalidated on change). */
interface Watched {
  lon: number;
  lat: number;
  locateByReportData: number;
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
    return { ...(row ? formOf(row) : emptyLocation()), kind, ownerId, positionAt: row?.position_at ?? null };
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
   * Stored points of a gateway: when it reports its position by longitude and latitude
   * (locateByReportData 2–4) and both identifiers' values are in the batch, it moves. Base-station
   * positions (1: LAC / CELLID) need a cell-location service and are not resolved.
   */
  async onStored(
    gatewayId: number,
    points: { gatewayIndicatorId: number; ts: number; value: number | string }[],
  ) {
    const watched = await this.watched.get(gatewayId, async () => {
      const gateway = await this.repository.reportingGateway(gatewayId);
      if (!gateway || gateway.locateByReportData < LocateByReportData.WGS84) return null;
      const ids = await this.repository.identifierIndicators(
        gatewayId,
        gateway.lonIdentification,
        gateway.latIdentification,
      );
      if (ids.lon === undefined || ids.lat === undefined) return null;
      return { lon: ids.lon, lat: ids.lat, locateByReportData: gateway.locateByReportData };
    });
    if (!watched) return;
    const latest = (id: number) =>
      points.filter((p) => p.gatewayIndicatorId === id).sort((a, b) => b.ts - a.ts)[0];
    const lon = latest(watched.lon);
    const lat = latest(watched.lat);
    if (!lon || !lat) return;
    const x = Number(lon.value);
    const y = Number(lat.value);
    if (!Number.isFinite(x) || !Number.isFinite(y) || x < -180 || x > 180 || y < -90 || y > 90) return;
    const [lng, wgsLat] = toWgs84(x, y, watched.locateByReportData);
    await this.repository.moveGateway(gatewayId, lng, wgsLat, Math.max(lon.ts, lat.ts));
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
