import { describe, expect, it } from 'vitest';
import { gcoord } from './coordinates.js';
import { toWgs84 } from './locations.service.js';

describe('coordinate systems', () => {
  // Tiananmen: WGS-84 116.391278, 39.906217 is GCJ-02 about 116.397520, 39.907613 (AMap).
  const wgs: [number, number] = [116.391278, 39.906217];

  it('converts WGS-84 to GCJ-02 and back within a metre', () => {
    const gcj = gcoord.transform(wgs, gcoord.WGS84, gcoord.GCJ02);
    expect(gcj[0]).toBeCloseTo(116.39752, 3);
    expect(gcj[1]).toBeCloseTo(39.90761, 3);
    expect(toWgs84(gcj[0], gcj[1], 3)[0]).toBeCloseTo(wgs[0], 5);
    expect(toWgs84(gcj[0], gcj[1], 3)[1]).toBeCloseTo(wgs[1], 5);
  });

  it('converts BD-09 back to WGS-84 and keeps WGS-84 as it is', () => {
    const bd = gcoord.transform(wgs, gcoord.WGS84, gcoord.BD09);
    expect(bd[0] - wgs[0]).toBeGreaterThan(0.01);
    const back = toWgs84(bd[0], bd[1], 4);
    expect(back[0]).toBeCloseTo(wgs[0], 5);
    expect(back[1]).toBeCloseTo(wgs[1], 5);
    expect(toWgs84(116.1234567, 39.1, 2)).toEqual([116.123457, 39.1]);
  });
});
