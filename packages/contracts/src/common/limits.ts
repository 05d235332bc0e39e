/**
 * Business constants of spec core §9 that govern lists, inputs and notices, in one place: the
 * server's request schemas and the web's lists, pickers and forms read them from here.
 */

/** Export maximum page size: an export reads a list this many rows a page, the most any list page holds. */
export const EXPORT_PAGE_SIZE = 1000;

/** Infinite lists (pickers that load more on scrolling) read this many a page; a shorter page is the last. */
export const INFINITE_LIST_PAGE_SIZE = 100;

/** The title dropdown's project (and corporation, firm) lists, a page at a time. */
export const PROJECT_SELECT_PAGE_SIZE = 10;

/** A debounced call (search as one types) waits at most this long, however fast the typing goes on. */
export const DEBOUNCE_MAX_WAIT_MS = 5_000;

/** Custom field decimal places: the most decimals a number field (an indicator's decimalPlaces) takes. */
export const MAX_DECIMAL_PLACES = 6;

/** A gateway's indicators are loaded this many at first, then this many more at a time. */
export const GATEWAY_INDICATOR_PAGE_SIZE = 64;

/**
 * Seconds a notice stays when the user's setting closes it by itself; a notice that stays until
 * closed has duration 0 (spec core §4, feature-areas §9).
 */
export const NOTICE_SECONDS = 4.5;
