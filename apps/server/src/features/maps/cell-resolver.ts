import type { CellKey, CellPosition, CellsRepository } from './cells.repository.js';

/**
 * Where a cell is (docs/decisions/0066): null when the resolver does not know it; a
 * `CellServiceError` when it could not answer (the position then stays and the next report asks again).
 */
export interface CellResolver {
  readonly name: string;
  resolve(key: CellKey): Promise<CellPosition | null>;
}

/** The service failed: HTTP or network failure, a refused key, an answer not understood. */
export class CellServiceError extends Error {}

/** The built-in, offline resolver: the cell table a system administrator imported. */
export class OfflineCellResolver implements CellResolver {
  readonly name = 'builtin';
  constructor(private readonly cells: CellsRepository) {}

  async resolve(key: CellKey): Promise<CellPosition | null> {
    return (await this.cells.find(key)) ?? null;
  }
}

const TIMEOUT_MS = 10_000;
/** OpenCelliD's error code for a cell it does not have. */
const CELL_NOT_FOUND = 1;

interface OpenCellidAnswer {
  lat?: number;
  lon?: number;
  range?: number;
  cellid?: number;
  error?: string;
  code?: number;
}

/**
 * OpenCelliD's cell API: `GET /cell/get?key=&mcc=&mnc=&lac=&cellid=&format=json` answers
 * `{lat, lon, mcc, mnc, lac, cellid, range, samples, radio, …}` (WGS-84), or `{error, code}` — code 1
 * "Cell not found". An answer for the LAC only (cellid -1, kilometres off) is taken as unknown.
 */
export class OpenCellidResolver implements CellResolver {
  readonly name = 'opencellid';
  constructor(
    private readonly key: string,
    private readonly baseUrl: string,
  ) {}

  async resolve(cell: CellKey): Promise<CellPosition | null> {
    const url = new URL('/cell/get', this.baseUrl);
    url.search = new URLSearchParams({
      key: this.key,
      mcc: String(cell.mcc),
      mnc: String(cell.mnc),
      lac: String(cell.lac),
      cellid: String(cell.cellId),
      format: 'json',
    }).toString();
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      // Never the URL: it carries the key.
      throw new CellServiceError(error instanceof Error ? error.name : 'network');
    }
    let answer: OpenCellidAnswer;
    try {
      answer = (await response.json()) as OpenCellidAnswer;
    } catch {
      throw new CellServiceError(`HTTP ${response.status}, not JSON`);
    }
    if (answer.error !== undefined || answer.code !== undefined) {
      if (Number(answer.code) === CELL_NOT_FOUND) return null;
      throw new CellServiceError(`${answer.code ?? ''} ${answer.error ?? ''}`.trim());
    }
    if (!response.ok) throw new CellServiceError(`HTTP ${response.status}`);
    const lng = Number(answer.lon);
    const lat = Number(answer.lat);
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) throw new CellServiceError('no position');
    if (Number(answer.cellid) === -1) return null;
    return { lng, lat, rangeM: Math.max(0, Math.round(Number(answer.range) || 0)) };
  }
}
