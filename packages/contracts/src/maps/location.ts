import { z } from 'zod';
import { area } from './area.js';

/**
 * The coordinate form and the location-mode form of feature-areas §3, and the rules of §4 as pure
 * functions: the web's controls call them on every change and the server applies `normaliseLocation`
 * before it stores, so both sides agree (docs/decisions/0066-maps-and-location.md).
 */

/** locationMode: 0 manual (coordinates typed or picked), 1 automatic (the position is reported). */
export const LocationMode = { MANUAL: 0, AUTOMATIC: 1 } as const;
/** locateType: 0 base-station location (LAC / CELLID indicators), 1 longitude/latitude indicators. */
export const LocateType = { CELL: 0, LNG_LAT: 1 } as const;
/** coordinateSystem of reported coordinates: 0 WGS-84 (GPS), 1 GCJ-02 (高德、腾讯), 2 BD-09 (百度). */
export const CoordinateSystem = { WGS84: 0, GCJ02: 1, BD09: 2 } as const;
export type CoordinateSystemValue = (typeof CoordinateSystem)[keyof typeof CoordinateSystem];
export const COORDINATE_SYSTEM_OPTIONS: readonly { value: CoordinateSystemValue; label: string }[] = [
  { value: 0, label: 'WGS-84（GPS）' },
  { value: 1, label: 'GCJ-02（高德、腾讯）' },
  { value: 2, label: 'BD-09（百度）' },
];
/** Default indicator identifiers of a reported position (§3). */
export const DEFAULT_LON_IDENTIFICATION = 'LAC';
export const DEFAULT_LAT_IDENTIFICATION = 'CELLID';

/**
 * locateByReportData: 0 the position is not reported; 1 by base station; 2, 3, 4 by longitude and
 * latitude in WGS-84, GCJ-02, BD-09.
 */
export const LocateByReportData = { NONE: 0, CELL: 1, WGS84: 2, GCJ02: 3, BD09: 4 } as const;

/** What owns a location: a site (area or site of the project tree), a gateway, an equipment. */
export const LOCATION_KINDS = ['site', 'gateway', 'equipment'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

const identification = z.string().trim().max(64, '最多输入64个字符');
const divisionCode = z.string().regex(/^\d{2}(\d{2}(\d{2})?)?$/, '行政区划代码错误');

export const locationForm = z.object({
  /** Longitude, WGS-84 as stored. */
  xAxis: z.number().min(0).max(180).nullable(),
  /** Latitude, WGS-84 as stored. */
  yAxis: z.number().min(0).max(90).nullable(),
  fullAddress: z.string().trim().max(200, '最多输入200个字符'),
  /** Three-level division codes: first 2, 4 and 6 digits of a town code. */
  address: z.array(divisionCode).max(3),
  locationMode: z.union([z.literal(0), z.literal(1)]),
  /** Location-mode form: the gateway whose position this follows. */
  gatewayId: z.number().int().positive().nullable(),
  locateType: z.union([z.literal(0), z.literal(1)]),
  lonIdentification: identification,
  latIdentification: identification,
  locateByReportData: z.number().int().min(0).max(4),
  coordinateSystem: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Area mode of the map picker, as polygons. */
  area: area.default([]),
});
export type LocationForm = z.infer<typeof locationForm>;

/**
 * A location as answered: the form plus whose it is and when the position last changed; for a
 * gateway positioned by base station, the cell it reported last when no resolver knew it (its
 * position then stayed).
 */
export const location = locationForm.extend({
  kind: z.enum(LOCATION_KINDS),
  ownerId: z.number().int(),
  positionAt: z.number().nullable(),
  unknownCell: z
    .object({
      mnc: z.number().int(),
      lac: z.number().int(),
      cellId: z.number().int(),
      count: z.number().int(),
      lastAt: z.number(),
    })
    .nullable()
    .optional(),
});
export type Location = z.infer<typeof location>;

export function emptyLocation(): LocationForm {
  return {
    xAxis: null,
    yAxis: null,
    fullAddress: '',
    address: [],
    locationMode: 0,
    gatewayId: null,
    locateType: 0,
    lonIdentification: DEFAULT_LON_IDENTIFICATION,
    latIdentification: DEFAULT_LAT_IDENTIFICATION,
    locateByReportData: 0,
    coordinateSystem: 0,
    area: [],
  };
}

/** §4 Coordinate: manual 0; automatic 1 for base station, otherwise 2, 3 or 4 by coordinate system. */
export function locateByReportDataOf(
  form: Pick<LocationForm, 'locationMode' | 'locateType' | 'coordinateSystem'>,
) {
  if (form.locationMode === LocationMode.MANUAL) return LocateByReportData.NONE;
  return form.locateType === LocateType.CELL
    ? LocateByReportData.CELL
    : LocateByReportData.WGS84 + form.coordinateSystem;
}

/** §4 Location mode: manual clears gateway and identifiers and sets 0; automatic sets 1. */
export function switchLocationMode<T extends LocationForm>(form: T, mode: 0 | 1): T {
  if (mode === LocationMode.MANUAL)
    return {
      ...form,
      locationMode: 0,
      gatewayId: null,
      lonIdentification: '',
      latIdentification: '',
      locateByReportData: 0,
    };
  return { ...form, locationMode: 1, locateByReportData: 1 };
}

/** A gateway as the location-mode form's select lists it (§3). */
export interface LocatingGateway {
  id: number;
  alias: string;
  locateByReportData: number;
  lonIdentification: string;
  latIdentification: string;
}

/** §4: picking a gateway copies its locateByReportData (0 becomes 1) and identifiers; clearing resets. */
export function pickGateway<T extends LocationForm>(form: T, gateway: LocatingGateway | null): T {
  if (!gateway)
    return { ...form, gatewayId: null, lonIdentification: '', latIdentification: '', locateByReportData: 1 };
  return {
    ...form,
    gatewayId: gateway.id,
    locateByReportData: gateway.locateByReportData === 0 ? 1 : gateway.locateByReportData,
    lonIdentification: gateway.lonIdentification,
    latIdentification: gateway.latIdentification,
  };
}

/**
 * §4 Coordinate: locateType 1 forces coordinateSystem 0 (read here as: choosing longitude/latitude
 * starts from WGS-84, which may then be changed); locateByReportData follows.
 */
export function switchLocateType<T extends LocationForm>(form: T, locateType: 0 | 1): T {
  const next = { ...form, locateType, coordinateSystem: locateType === 1 ? 0 : form.coordinateSystem } as T;
  return { ...next, locateByReportData: locateByReportDataOf(next) };
}

export function switchCoordinateSystem<T extends LocationForm>(form: T, coordinateSystem: 0 | 1 | 2): T {
  const next = { ...form, coordinateSystem };
  return { ...next, locateByReportData: locateByReportDataOf(next) };
}

/**
 * The stored form: gateways derive locateByReportData from their own settings (§4 Coordinate); sites
 * and equipment in automatic mode keep what the picked gateway gave (§4 Location mode); manual mode
 * always stores 0 with no gateway.
 */
export function normaliseLocation(kind: LocationKind, form: LocationForm): LocationForm {
  if (form.locationMode === LocationMode.MANUAL) return switchLocationMode(form, 0);
  if (kind === 'gateway') return { ...form, gatewayId: null, locateByReportData: locateByReportDataOf(form) };
  return form.gatewayId === null ? { ...form, locateByReportData: 1 } : form;
}
