import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenCellid, startFakeOpenCellid } from '../../test/fake-opencellid.js';
import { CellServiceError, OpenCellidResolver } from './cell-resolver.js';
import { cellNumber } from './locations.service.js';

/** The OpenCelliD adapter against a local fake of its documented cell API. */
const KEY = 'pk.test-opencellid-key';
let fake: FakeOpenCellid;
beforeAll(async () => {
  fake = await startFakeOpenCellid(KEY, [
    { mcc: 460, mnc: 1, lac: 42149, cellid: 3912, lat: 40.2166, lon: 116.2451, range: 584 },
  ]);
});
afterAll(() => fake?.close());

describe('OpenCellidResolver', () => {
  it('asks /cell/get with the key, MCC, MNC, LAC and cell id, and answers WGS-84 as given', async () => {
    const resolver = new OpenCellidResolver(KEY, fake.baseUrl);
    expect(await resolver.resolve({ mcc: 460, mnc: 1, lac: 42149, cellId: 3912 })).toEqual({
      lng: 116.2451,
      lat: 40.2166,
      rangeM: 584,
    });
    expect(fake.requests.at(-1)).toEqual({
      path: '/cell/get',
      query: { key: KEY, mcc: '460', mnc: '1', lac: '42149', cellid: '3912', format: 'json' },
    });
  });

  it('answers null for a cell it does not have (code 1)', async () => {
    const resolver = new OpenCellidResolver(KEY, fake.baseUrl);
    expect(await resolver.resolve({ mcc: 460, mnc: 0, lac: 1, cellId: 2 })).toBeNull();
  });

  it('fails, without the key in the reason, on a refused key, an HTTP failure or no service', async () => {
    const wrong = new OpenCellidResolver('wrong', fake.baseUrl);
    const refused = await wrong.resolve({ mcc: 460, mnc: 1, lac: 42149, cellId: 3912 }).catch((e) => e);
    expect(refused).toBeInstanceOf(CellServiceError);
    expect(refused.message).toBe('2 Invalid API key');
    fake.failing = true;
    const down = new OpenCellidResolver(KEY, fake.baseUrl);
    await expect(down.resolve({ mcc: 460, mnc: 1, lac: 42149, cellId: 3912 })).rejects.toBeInstanceOf(
      CellServiceError,
    );
    fake.failing = false;
    const nowhere = new OpenCellidResolver(KEY, 'http://127.0.0.1:9');
    const error = await nowhere.resolve({ mcc: 460, mnc: 1, lac: 1, cellId: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(CellServiceError);
    expect(error.message).not.toContain(KEY);
  });
});

describe('cellNumber', () => {
  it('reads decimal and 0x hex LAC / CELLID values, nothing else', () => {
    expect(cellNumber(4301)).toBe(4301);
    expect(cellNumber('20993281')).toBe(20993281);
    expect(cellNumber('0x10CD')).toBe(4301);
    expect(cellNumber('12.0')).toBe(12);
    expect(cellNumber(-1)).toBeUndefined();
    expect(cellNumber('12.5')).toBeUndefined();
    expect(cellNumber('abc')).toBeUndefined();
    expect(cellNumber(undefined)).toBeUndefined();
  });
});
