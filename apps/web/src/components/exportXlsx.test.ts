import { EXPORT_PAGE_SIZE } from '@iot/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { excelDate, exportFileName, fetchAllPages } from './exportXlsx';

describe('fetchAllPages', () => {
  const rows = Array.from({ length: 2 * EXPORT_PAGE_SIZE + 5 }, (_, i) => i);
  const pageOf = (list: number[]) => async (page: number, size: number) => ({
    list: list.slice(page * size, (page + 1) * size),
    total: list.length,
    page,
    size,
  });

  it('reads 1000 a page until a short page', async () => {
    const asked: number[] = [];
    const fetch = pageOf(rows);
    const all = await fetchAllPages(async (page, size) => {
      asked.push(size);
      return fetch(page, size);
    });
    expect(all).toEqual(rows);
    expect(asked).toEqual([1000, 1000, 1000]);
  });

  it('stops at the total when the last page is full', async () => {
    let calls = 0;
    const fetch = pageOf(rows.slice(0, EXPORT_PAGE_SIZE));
    const all = await fetchAllPages((page, size) => {
      calls += 1;
      return fetch(page, size);
    });
    expect(all).toHaveLength(EXPORT_PAGE_SIZE);
    expect(calls).toBe(1);
  });
});

describe('exportFileName', () => {
  const day = new Date(2026, 10, 24, 23, 59);

  it('names an export by its content and the day', () => {
    expect(exportFileName('网关列表', day)).toBe('网关列表-2026-11-24');
  });

  it("falls back to spec core §7's 'list' without a content name", () => {
    expect(exportFileName(undefined, day)).toBe('list');
    expect(exportFileName('  ', day)).toBe('list');
  });

  it('keeps characters a file system refuses out of the name', () => {
    expect(exportFileName('排名分析-COD/氨氮:平均值', day)).toBe('排名分析-COD 氨氮 平均值-2026-11-24');
  });
});

describe('excelDate', () => {
  it("carries the local wall-clock time in its UTC fields, as Excel's zone-less dates read them", () => {
    const ts = new Date(2026, 10, 24, 8, 30, 15).getTime();
    const cell = excelDate(ts);
    expect([cell.getUTCHours(), cell.getUTCMinutes(), cell.getUTCSeconds()]).toEqual([8, 30, 15]);
    expect(dayjs(ts).format('YYYY-MM-DD')).toBe(cell.toISOString().slice(0, 10));
  });
});
