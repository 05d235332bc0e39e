import type { Page, PageQuery } from '@iot/contracts';
import type { SelectQueryBuilder } from 'kysely';

/** Runs a list query as one page plus its total; `query` must not be ordered or limited yet. */
export async function paginate<DB, TB extends keyof DB, O, T>(
  query: SelectQueryBuilder<DB, TB, O>,
  pageQuery: PageQuery,
  order: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
  present: (row: O) => T,
): Promise<Page<T>> {
  const { page, size } = pageQuery;
  const [rows, count] = await Promise.all([
    order(query)
      .limit(size)
      .offset(page * size)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow() as Promise<{ total: number | string }>,
  ]);
  return { list: rows.map(present), total: Number(count.total), page, size };
}
