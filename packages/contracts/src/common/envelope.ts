import { z } from 'zod';
import { EXPORT_PAGE_SIZE } from './limits.js';
import { positiveIntegerParam } from './validation.js';

/** Every JSON answer is `{code, message, data}`; 20000 is success. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export const emptyEnvelope = z.object({ code: z.number().int(), message: z.string(), data: z.null() });

/** A page size: a positive integer (spec core §5), at most the export page of core §9 (1000). */
export const MAX_PAGE_SIZE = EXPORT_PAGE_SIZE;
export function pageSizeOf(fallback: number, max = MAX_PAGE_SIZE) {
  return positiveIntegerParam(max).default(fallback);
}
export const pageSize = pageSizeOf(10);

/** Paged lists: page counts from 0 (the spec's message list asks page 0, size 8). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: pageSize,
});
export type PageQuery = z.infer<typeof pageQuery>;

export function page<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}
export type Page<T> = { list: T[]; total: number; page: number; size: number };

/** Id path parameters arrive as strings. */
export const id = z.coerce.number().int().positive();

/** Booleans stored as flags: accept true/false, 1/0 and their string forms from forms and queries. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** The answer of a uniqueness check: data true when the value is still free. */
export const availability = z.boolean();
