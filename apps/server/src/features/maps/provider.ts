import type { Division, Place, PlaceSearchQuery, ReverseGeocode } from '@iot/contracts/maps';

/**
 * A map service (feature-areas §7 Map: place search, autocomplete, geocoding, geolocation, city
 * search). Every answer is WGS-84, the coordinates we store: an adapter whose service speaks another
 * system converts before it answers (docs/decisions/0066-maps-and-location.md).
 */
export interface MapProvider {
  readonly name: 'builtin' | 'amap';
  /** Whether the provider has satellite imagery to show. */
  readonly satellite: boolean;
  searchPlaces(query: PlaceSearchQuery): Promise<{ list: Place[]; total: number }>;
  autocomplete(keyword: string, city?: string): Promise<Place[]>;
  geocode(address: string, city?: string): Promise<Place[]>;
  reverseGeocode(lng: number, lat: number): Promise<ReverseGeocode>;
  searchCities(keyword: string): Promise<Division[]>;
}

/** A provider's service failed or refused (bad key, quota): the route answers 地图服务暂时不可用. */
export class MapProviderError extends Error {}
