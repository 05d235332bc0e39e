import {
  AUTOCOMPLETE_LIMIT,
  type Division,
  type Place,
  type PlaceSearchQuery,
  type ReverseGeocode,
} from '@iot/contracts/maps';
import { gcoord } from './coordinates.js';
import { type MapProvider, MapProviderError } from './provider.js';

/** AMap's web service answers at most 25 places a page (its `offset`). */
const AMAP_PAGE = 25;
const TIMEOUT_MS = 8_000;

/** AMap leaves empty fields as `[]` instead of ''. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** 'lng,lat' in GCJ-02 → WGS-84, 6 decimals; undefined for an empty location. */
function wgs(location: unknown): { lng: number; lat: number } | undefined {
  const [lng, lat] = text(location).split(',').map(Number);
  if (lng === undefined || lat === undefined || !Number.isFinite(lng) || !Number.isFinite(lat))
    return undefined;
  const [x, y] = gcoord.transform([lng, lat], gcoord.GCJ02, gcoord.WGS84);
  return { lng: Math.round(x * 1e6) / 1e6, lat: Math.round(y * 1e6) / 1e6 };
}

interface AmapAnswer {
  status?: string;
  info?: string;
  infocode?: string;
  count?: string;
  pois?: Record<string, unknown>[];
  tips?: Record<string, unknown>[];
  geocodes?: Record<string, unknown>[];
  regeocode?: { formatted_address?: unknown; addressComponent?: Record<string, unknown> };
  districts?: Record<string, unknown>[];
}

/**
 * AMap (高德) web-service adapter over its documented v3 API: /v3/place/text, /v3/assistant/inputtips,
 * /v3/geocode/geo, /v3/geocode/regeo and /v3/config/district, each with the `key` parameter. AMap
 * speaks GCJ-02; answers are converted to WGS-84 here. The key is never logged (errors carry AMap's
 * `info`, not the URL).
 */
export class AmapMapProvider implements MapProvider {
  readonly name = 'amap' as const;
  readonly satellite = true;

  constructor(
    private readonly key: string,
    private readonly baseUrl: string,
  ) {}

  private async call(path: string, params: Record<string, string | undefined>): Promise<AmapAnswer> {
    const url = new URL(path, this.baseUrl);
    url.searchParams.set('key', this.key);
    url.searchParams.set('output', 'json');
    for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
    let answer: AmapAnswer;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new MapProviderError(`AMap HTTP ${response.status}`);
      answer = (await response.json()) as AmapAnswer;
    } catch (error) {
      if (error instanceof MapProviderError) throw error;
      throw new MapProviderError(`AMap unreachable: ${(error as Error).name}`);
    }
    if (answer.status !== '1')
      throw new MapProviderError(`AMap refused: ${answer.info ?? ''} ${answer.infocode ?? ''}`);
    return answer;
  }

  private poi(poi: Record<string, unknown>): Place | undefined {
    const location = wgs(poi.location);
    if (!location) return undefined;
    const region = [text(poi.pname), text(poi.cityname), text(poi.adname)];
    const address = [...region.filter((n, i) => n && region.indexOf(n) === i), text(poi.address)].join('');
    const place: Place = { name: text(poi.name), address, location };
    if (text(poi.adcode)) place.adcode = text(poi.adcode);
    return place;
  }

  /** Our page (30, 50 or 100 places) spans several of AMap's pages of 25. */
  async searchPlaces(query: PlaceSearchQuery) {
    const first = query.page * query.size;
    const last = first + query.size - 1;
    const places: Place[] = [];
    let total = 0;
    for (let amapPage = Math.floor(first / AMAP_PAGE); amapPage <= Math.floor(last / AMAP_PAGE); amapPage++) {
      const answer = await this.call('/v3/place/text', {
        keywords: query.keyword,
        city: query.city,
        offset: String(AMAP_PAGE),
        page: String(amapPage + 1),
      });
      total = Number(answer.count ?? 0);
      const pois = answer.pois ?? [];
      pois.forEach((poi, i) => {
        const index = amapPage * AMAP_PAGE + i;
        const place = index >= first && index <= last ? this.poi(poi) : undefined;
        if (place) places.push(place);
      });
      if (pois.length < AMAP_PAGE) break;
    }
    return { list: places, total };
  }

  async autocomplete(keyword: string, city?: string) {
    const answer = await this.call('/v3/assistant/inputtips', { keywords: keyword, city });
    return (answer.tips ?? [])
      .map((tip) => {
        const location = wgs(tip.location);
        if (!location) return undefined;
        const place: Place = {
          name: text(tip.name),
          address: `${text(tip.district)}${text(tip.address)}`,
          location,
        };
        if (text(tip.adcode)) place.adcode = text(tip.adcode);
        return place;
      })
      .filter((p): p is Place => p !== undefined)
      .slice(0, AUTOCOMPLETE_LIMIT);
  }

  async geocode(address: string, city?: string) {
    const answer = await this.call('/v3/geocode/geo', { address, city });
    return (answer.geocodes ?? [])
      .map((g) => {
        const location = wgs(g.location);
        const name = text(g.formatted_address);
        if (!location) return undefined;
        const place: Place = { name, address: name, location };
        if (text(g.adcode)) place.adcode = text(g.adcode);
        return place;
      })
      .filter((p): p is Place => p !== undefined);
  }

  async reverseGeocode(lng: number, lat: number): Promise<ReverseGeocode> {
    const [x, y] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02);
    const answer = await this.call('/v3/geocode/regeo', { location: `${x.toFixed(6)},${y.toFixed(6)}` });
    const component = answer.regeocode?.addressComponent ?? {};
    const adcode = text(component.adcode);
    return {
      fullAddress: text(answer.regeocode?.formatted_address),
      address: /^\d{6}$/.test(adcode) ? [adcode.slice(0, 2), adcode.slice(0, 4), adcode] : [],
      names: [text(component.province), text(component.city), text(component.district)].filter(Boolean),
    };
  }

  async searchCities(keyword: string): Promise<Division[]> {
    const answer = await this.call('/v3/config/district', { keywords: keyword, subdistrict: '0' });
    const levels: Record<string, number> = { province: 1, city: 2, district: 3 };
    return (answer.districts ?? [])
      .map((d) => {
        const location = wgs(d.center);
        const code = text(d.adcode);
        return location
          ? { code, name: text(d.name), level: levels[text(d.level)] ?? 0, parentCode: '', location }
          : undefined;
      })
      .filter((d): d is Division => d !== undefined);
  }
}
