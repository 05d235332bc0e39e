import { readFileSync } from 'node:fs';
import type { Division, Place, ReverseGeocode } from '@iot/contracts/maps';

/** One row of map-data/divisions.json (scripts/build-map-data.mjs): WGS-84, rings only for counties. */
export type GazetteerRow = [
  code: string,
  name: string,
  level: number,
  parent: string,
  lng: number,
  lat: number,
  bbox: [number, number, number, number],
  rings: [number, number][][],
];

const dataUrl = (file: string) => new URL(`../../../map-data/${file}`, import.meta.url);

/**
 * China's administrative divisions down to county, with centres and simplified county outlines, read
 * once from the data the build script derived from two npm datasets. Works without any network.
 */
export class Gazetteer {
  private loaded: { rows: GazetteerRow[]; byCode: Map<string, GazetteerRow> } | undefined;

  /** Rows given (tests), or read on first use: a server that never searches never parses 6.5 MB. */
  constructor(private readonly given?: GazetteerRow[]) {}

  private get data() {
    if (!this.loaded) {
      const rows =
        this.given ?? (JSON.parse(readFileSync(dataUrl('divisions.json'), 'utf8')) as GazetteerRow[]);
      this.loaded = { rows, byCode: new Map(rows.map((row) => [row[0], row])) };
    }
    return this.loaded;
  }

  private get rows(): GazetteerRow[] {
    return this.data.rows;
  }

  private get byCode(): Map<string, GazetteerRow> {
    return this.data.byCode;
  }

  /** The base map's GeoJSON text (county outlines), served as is. */
  static baseMapText(): string {
    return readFileSync(dataUrl('basemap.json'), 'utf8');
  }

  /**
   * Every division's name and centre for the offline map's labels: [name, level, lng, lat] (WGS-84),
   * provinces first. About 3,100 rows, 130 kB: served once, cached by the browser.
   */
  labels(): [string, number, number, number][] {
    // A few divisions of the dataset have no centre (上海市, 重庆市 themselves): nothing to place.
    return this.rows
      .filter((row) => Number.isFinite(row[4]) && Number.isFinite(row[5]))
      .map((row) => [row[1], row[2], row[4], row[5]]);
  }

  /** Divisions whose name (or full name) contains every character run of the keyword, best first. */
  search(keyword: string, within?: string): GazetteerRow[] {
    const wanted = keyword.replace(/\s+/g, '');
    if (!wanted) return [];
    const scope = within ? this.scopeOf(within) : undefined;
    const hits: { row: GazetteerRow; score: number }[] = [];
    for (const row of this.rows) {
      if (scope && !row[0].startsWith(scope)) continue;
      const full = this.fullName(row);
      let score = -1;
      if (row[1] === wanted) score = 0;
      else if (row[1].startsWith(wanted)) score = 1;
      else if (row[1].includes(wanted)) score = 2;
      else if (full.includes(wanted)) score = 3;
      if (score >= 0) hits.push({ row, score: score * 10 + row[2] });
    }
    return hits.sort((a, b) => a.score - b.score || a.row[0].localeCompare(b.row[0])).map((h) => h.row);
  }

  /** A division code prefix for a code or a division name ('北京市' → '11'). */
  private scopeOf(within: string): string | undefined {
    if (/^\d{6}$/.test(within)) return within.replace(/(00)+$/, '');
    const row = this.rows.find((r) => r[1] === within);
    return row ? row[0].replace(/(00)+$/, '') : undefined;
  }

  /** 北京市 · 北京市 · 昌平区 → 北京市昌平区 (a municipality's name is not repeated). */
  fullName(row: GazetteerRow): string {
    const names = this.chain(row).map((r) => r[1]);
    return names.filter((name, i) => names.indexOf(name) === i).join('');
  }

  /** The row and its ancestors, province first. */
  chain(row: GazetteerRow): GazetteerRow[] {
    const chain: GazetteerRow[] = [row];
    let parent = this.byCode.get(row[3]);
    while (parent) {
      chain.unshift(parent);
      parent = this.byCode.get(parent[3]);
    }
    return chain;
  }

  place(row: GazetteerRow): Place {
    const full = this.fullName(row);
    return { name: row[1], address: full, location: { lng: row[4], lat: row[5] }, adcode: row[0] };
  }

  division(row: GazetteerRow): Division {
    return {
      code: row[0],
      name: row[1],
      level: row[2],
      parentCode: row[3],
      location: { lng: row[4], lat: row[5] },
    };
  }

  children(parent?: string): Division[] {
    return this.rows
      .filter((row) => (parent ? row[3] === parent : row[2] === 1))
      .map((row) => this.division(row));
  }

  /** The county containing the point; else the nearest county centre within ~50 km (coastal gaps). */
  countyAt(lng: number, lat: number): GazetteerRow | undefined {
    let nearest: GazetteerRow | undefined;
    let nearestDistance = Number.POSITIVE_INFINITY;
    for (const row of this.rows) {
      if (row[2] !== 3) continue;
      const [west, south, east, north] = row[6];
      if (
        lng >= west &&
        lng <= east &&
        lat >= south &&
        lat <= north &&
        row[7].some((ring) => inside(ring, lng, lat))
      )
        return row;
      const distance = Math.hypot(row[4] - lng, row[5] - lat);
      if (distance < nearestDistance) {
        nearest = row;
        nearestDistance = distance;
      }
    }
    return nearestDistance < 0.5 ? nearest : undefined;
  }

  reverseGeocode(lng: number, lat: number): ReverseGeocode {
    const county = this.countyAt(lng, lat);
    if (!county) return { fullAddress: '', address: [], names: [] };
    const chain = this.chain(county);
    return {
      fullAddress: this.fullName(county),
      address: [county[0].slice(0, 2), county[0].slice(0, 4), county[0]],
      names: chain.map((r) => r[1]),
    };
  }
}

/** Ray casting: whether the point lies inside the ring. */
function inside(ring: [number, number][], x: number, y: number): boolean {
  let result = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}
