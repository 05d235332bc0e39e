import { pipeline, Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { type CellImportResult, CHINA_MCC } from '@iot/contracts/maps';

/** One cell of an OpenCelliD export, as stored. */
export interface CellRow {
  mcc: number;
  mnc: number;
  lac: number;
  cellId: number;
  radio: string;
  lng: number;
  lat: number;
  rangeM: number;
}

const RADIOS = new Set(['GSM', 'UMTS', 'CDMA', 'LTE', 'NR']);
const int = (text: string | undefined) => (text !== undefined && /^\d+$/.test(text) ? Number(text) : NaN);

/**
 * One line of OpenCelliD's CSV export: `radio,mcc,net,area,cell,unit,lon,lat,range,samples,
 * changeable,created,updated,averageSignal` (net is the MNC, area the LAC/TAC, cell the cell id;
 * CDMA rows carry SID, NID and BID there). 'header' for the column line the full export starts with,
 * null for a line that is not a cell.
 */
export function parseCellLine(line: string): CellRow | 'header' | null {
  const fields = line.trim().split(',');
  if (fields[0] === 'radio') return 'header';
  if (fields.length < 9) return null;
  const [radio, mcc, net, area, cell, , lon, lat, range] = fields;
  const row: CellRow = {
    radio: radio!.toUpperCase(),
    mcc: int(mcc),
    mnc: int(net),
    lac: int(area),
    cellId: int(cell),
    lng: Number(lon),
    lat: Number(lat),
    rangeM: Math.min(Math.max(Math.round(Number(range) || 0), 0), 2_000_000_000),
  };
  if (!RADIOS.has(row.radio)) return null;
  if (![row.mcc, row.mnc, row.lac, row.cellId].every(Number.isSafeInteger)) return null;
  // The table's LAC is a 32-bit integer; ids beyond are not cells of any network.
  if (row.lac > 2_147_483_647) return null;
  if (!Number.isFinite(row.lng) || !Number.isFinite(row.lat)) return null;
  if (Math.abs(row.lng) > 180 || Math.abs(row.lat) > 90) return null;
  return row;
}

/**
 * The bytes of an upload, unpacked on the fly when gzipped (OpenCelliD ships `460.csv.gz`), told by
 * its first bytes. Errors of either stream (a cut upload, a corrupt archive) end the iteration.
 */
async function* unpacked(input: Readable): AsyncGenerator<Buffer> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await chunks.next();
  if (first.done) return;
  const head = first.value;
  async function* all() {
    yield head;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield next.value;
    }
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) return yield* all();
  const gunzip = pipeline(Readable.from(all()), createGunzip(), () => undefined);
  for await (const chunk of gunzip) yield chunk as Buffer;
}

/** Lines of the (unpacked) upload, read as they arrive. */
async function* linesOf(input: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of unpacked(input)) {
    const parts = (rest + decoder.write(chunk)).split('\n');
    rest = parts.pop() ?? '';
    // A megabyte without a line break is no CSV of cells (a picture, an archive of another kind).
    if (rest.length > 1024 * 1024) throw new NotCellCsv();
    yield* parts;
  }
  rest += decoder.end();
  if (rest) yield rest;
}

/**
 * Reads an export as it arrives (the China export has millions of rows: never held whole), hands
 * rows of China (MCC 460) to `store` in batches, and counts what it skipped. Throws `notCsv` when the
 * first non-empty line is neither the header nor a cell (a spreadsheet, a picture).
 */
export async function readCellCsv(
  input: Readable,
  store: (rows: CellRow[]) => Promise<void>,
  batchSize = 500,
): Promise<CellImportResult> {
  const result: CellImportResult = { lines: 0, imported: 0, otherCountries: 0, invalid: 0 };
  let batch: CellRow[] = [];
  let first = true;
  for await (const line of linesOf(input)) {
    if (!line.trim()) continue;
    const row = parseCellLine(line);
    if (first) {
      first = false;
      if (row === null) throw new NotCellCsv();
    }
    if (row === 'header') continue;
    result.lines += 1;
    if (row === null) result.invalid += 1;
    else if (row.mcc !== CHINA_MCC) result.otherCountries += 1;
    else {
      batch.push(row);
      if (batch.length >= batchSize) {
        await store(batch);
        result.imported += batch.length;
        batch = [];
      }
    }
  }
  if (first) throw new NotCellCsv();
  if (batch.length) {
    await store(batch);
    result.imported += batch.length;
  }
  return result;
}

export class NotCellCsv extends Error {}
