/** Map constants of feature-areas §9 and the map modal of §2. */

/** Default centre: Tiananmen area, Beijing (longitude, latitude). */
export const MAP_DEFAULT_CENTER: readonly [number, number] = [116.397, 39.908];
export const MAP_DEFAULT_ADDRESS = '北京市东城区天安门';
/** Initial zoom of the picker in point mode and in area mode. */
export const MAP_POINT_ZOOM = 15;
export const MAP_AREA_ZOOM = 11;
/** Place search paging. */
export const PLACE_PAGE_SIZE = 30;
export const PLACE_PAGE_SIZES: readonly number[] = [30, 50, 100];
/** Current-location lookup gives up after this long. */
export const GEOLOCATION_TIMEOUT_MS = 10_000;
/** Coordinate inputs step by a millionth of a degree (§5) and keep 6 decimals. */
export const COORDINATE_STEP = 0.000001;
export const COORDINATE_DECIMALS = 6;
/** The map modal takes 70% of the window's width (§2). */
export const MAP_MODAL_WIDTH = '70%';
/** Autocomplete suggestions shown under the search box. */
export const AUTOCOMPLETE_LIMIT = 10;

/** Round to the 6 decimals coordinates keep. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
