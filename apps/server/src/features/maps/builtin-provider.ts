import { AUTOCOMPLETE_LIMIT, type PlaceSearchQuery } from '@iot/contracts/maps';
import type { Gazetteer } from './gazetteer.js';
import type { MapProvider } from './provider.js';

/**
 * The built-in provider: search, autocomplete, geocoding and reverse geocoding over the gazetteer of
 * divisions (province, prefecture, county). No streets or points of interest, no satellite imagery:
 * it is what a fresh install can do without any network.
 */
export class BuiltinMapProvider implements MapProvider {
  readonly name = 'builtin' as const;
  readonly satellite = false;

  constructor(private readonly gazetteer: Gazetteer) {}

  async searchPlaces(query: PlaceSearchQuery) {
    const rows = this.gazetteer.search(query.keyword, query.city);
    const start = query.page * query.size;
    return {
      list: rows.slice(start, start + query.size).map((r) => this.gazetteer.place(r)),
      total: rows.length,
    };
  }

  async autocomplete(keyword: string, city?: string) {
    return this.gazetteer
      .search(keyword, city)
      .slice(0, AUTOCOMPLETE_LIMIT)
      .map((r) => this.gazetteer.place(r));
  }

  /** An address: the longest division name it contains, most specific level first. */
  async geocode(address: string, city?: string) {
    const direct = this.gazetteer.search(address, city);
    if (direct.length) return direct.slice(0, 1).map((r) => this.gazetteer.place(r));
    for (let length = Math.min(address.length, 12); length >= 2; length--)
      for (let start = 0; start + length <= address.length; start++) {
        const hits = this.gazetteer.search(address.slice(start, start + length), city);
        const best = hits.sort((a, b) => b[2] - a[2])[0];
        if (best) return [this.gazetteer.place(best)];
      }
    return [];
  }

  async reverseGeocode(lng: number, lat: number) {
    return this.gazetteer.reverseGeocode(lng, lat);
  }

  async searchCities(keyword: string) {
    return this.gazetteer
      .search(keyword)
      .filter((r) => r[2] <= 2)
      .slice(0, AUTOCOMPLETE_LIMIT)
      .map((r) => this.gazetteer.division(r));
  }
}
