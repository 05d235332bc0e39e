import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type CellRow, NotCellCsv, parseCellLine, readCellCsv } from './cell-csv.js';

/** OpenCelliD's CSV export (radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal). */
const HEADER = 'radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal';
const LINES = [
  'LTE,460,0,4301,20993281,0,116.240512,40.213671,1000,12,1,1459692240,1500000000,0',
  'GSM,460,1,42149,3912,0,116.2451,40.2166,584,3,1,1459692240,1500000000,-81',
  'UMTS,262,2,801,86355,0,13.285512,52.522202,1000,7,1,1282569574,1300155341,0',
  'LTE,460,0,notanumber,1,0,116,40,0,1,1,0,0,0',
  'WIFI,460,0,1,1,0,116,40,0,1,1,0,0,0',
  'LTE,460,0,4301,20993282,0,190.5,40,0,1,1,0,0,0',
];

async function read(text: string | Buffer, batchSize = 2) {
  const stored: CellRow[][] = [];
  const result = await readCellCsv(
    Readable.from([typeof text === 'string' ? Buffer.from(text) : text]),
    async (rows) => {
      stored.push(rows);
    },
    batchSize,
  );
  return { result, rows: stored.flat(), batches: stored.length };
}

describe('parseCellLine', () => {
  it("reads a cell's MNC from net, its LAC from area, its position WGS-84", () => {
    expect(parseCellLine(LINES[0]!)).toEqual({
      radio: 'LTE',
      mcc: 460,
      mnc: 0,
      lac: 4301,
      cellId: 20993281,
      lng: 116.240512,
      lat: 40.213671,
      rangeM: 1000,
    });
    expect(parseCellLine(HEADER)).toBe('header');
  });

  it('refuses lines that are not cells', () => {
    expect(parseCellLine(LINES[3]!)).toBeNull();
    expect(parseCellLine(LINES[4]!)).toBeNull();
    expect(parseCellLine(LINES[5]!)).toBeNull();
    expect(parseCellLine('名称,地址')).toBeNull();
  });
});

describe('readCellCsv', () => {
  it('stores China (MCC 460) in batches and counts the rest', async () => {
    const { result, rows, batches } = await read([HEADER, ...LINES, ''].join('\r\n'), 1);
    expect(result).toEqual({ lines: 6, imported: 2, otherCountries: 1, invalid: 3 });
    expect(rows.map((r) => r.cellId)).toEqual([20993281, 3912]);
    expect(batches).toBe(2);
  });

  it('reads the per-country export without a header, gzipped', async () => {
    const { result } = await read(gzipSync(Buffer.from(LINES.slice(0, 2).join('\n'))));
    expect(result).toMatchObject({ lines: 2, imported: 2 });
  });

  it('refuses a file whose first line is not a cell, and an empty one', async () => {
    await expect(read('名称,地址\n泵站,昌平')).rejects.toBeInstanceOf(NotCellCsv);
    await expect(read('')).rejects.toBeInstanceOf(NotCellCsv);
  });
});
