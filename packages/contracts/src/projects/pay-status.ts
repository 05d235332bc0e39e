import { z } from 'zod';

/** Project pay states of spec core §4. D, E and F send users to the arrears page. */
export const PAY_STATUSES = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export const payStatus = z.enum(PAY_STATUSES);
export type PayStatus = z.infer<typeof payStatus>;
export const SUSPENDED_PAY_STATUSES: readonly PayStatus[] = ['D', 'E', 'F'];

/** -1 means unlimited (spec core §3). */
export const UNLIMITED = -1;
