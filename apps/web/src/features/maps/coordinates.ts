import gcoord from 'gcoord';

/**
 * The coordinate system a base map is drawn in. We store WGS-84; a marker is converted to the base
 * map's system before it is drawn and a click converted back, so nothing drifts: the offline base map
 * is WGS-84, AMap's tiles GCJ-02, Baidu's BD-09 (docs/decisions/0066-maps-and-location.md).
 */
export type DisplaySystem = 'WGS84' | 'GCJ02' | 'BD09';

const round = (n: number) => Math.round(n * 1e6) / 1e6;

export function toDisplay(lng: number, lat: number, system: DisplaySystem): [number, number] {
  if (system === 'WGS84') return [lng, lat];
  const [x, y] = gcoord.transform([lng, lat] as [number, number], gcoord.WGS84, gcoord[system]);
  return [round(x), round(y)];
}

export function fromDisplay(lng: number, lat: number, system: DisplaySystem): [number, number] {
  if (system === 'WGS84') return [round(lng), round(lat)];
  const [x, y] = gcoord.transform([lng, lat] as [number, number], gcoord[system], gcoord.WGS84);
  return [round(x), round(y)];
}
