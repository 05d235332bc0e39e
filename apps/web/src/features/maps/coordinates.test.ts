import { describe, expect, it } from 'vitest';
import { fromDisplay, toDisplay } from './coordinates';

describe('display coordinates', () => {
  it('draws WGS-84 as is on the offline base map', () => {
    expect(toDisplay(116.391278, 39.906217, 'WGS84')).toEqual([116.391278, 39.906217]);
  });
  it('shifts to GCJ-02 and BD-09 and back without drift', () => {
    const gcj = toDisplay(116.391278, 39.906217, 'GCJ02');
    expect(gcj[0]).toBeCloseTo(116.39752, 3);
    const back = fromDisplay(gcj[0], gcj[1], 'GCJ02');
    expect(back[0]).toBeCloseTo(116.391278, 5);
    expect(back[1]).toBeCloseTo(39.906217, 5);
    const bd = toDisplay(116.391278, 39.906217, 'BD09');
    const bdBack = fromDisplay(bd[0], bd[1], 'BD09');
    expect(bdBack[0]).toBeCloseTo(116.391278, 5);
  });
});
