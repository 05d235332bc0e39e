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
