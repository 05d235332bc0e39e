import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE_SIZE, fetchAllPages } from './exportXlsx';

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
