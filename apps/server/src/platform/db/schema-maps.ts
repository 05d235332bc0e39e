/** Locations of sites, gateways and equipment (migration 0046); part of `Database` in schema.ts. */
export interface MapLocationsTable {
  /** site | gateway | equipment */
  kind: string;
  owner_id: number;
  project_id: number;
  /** WGS-84 longitude */
  x_axis: number | null;
  /** WGS-84 latitude */
  y_axis: number | null;
  full_address: string;
  /** JSON division codes */
  address: string;
  location_mode: number;
  gateway_id: number | null;
  locate_type: number;
  lon_identification: string;
  lat_identification: string;
  locate_by_report_data: number;
  coordinate_system: number;
  /** JSON polygons */
  area: string;
  position_at: number | null;
  updated_at: number;
}

/** Cells with their positions (migration 0052): imported from OpenCelliD, or learnt online. */
export interface CellTowersTable {
  mcc: number;
  mnc: number;
  lac: number;
  cell_id: number;
  radio: string;
  lng: number;
  lat: number;
  range_m: number;
  /** import | online */
  source: string;
  updated_at: number;
}

/** Reported cells no resolver knew (migration 0052), counted. */
export interface CellMissesTable {
  mcc: number;
  mnc: number;
  lac: number;
  cell_id: number;
  gateway_id: number | null;
  count: number;
  last_at: number;
}
