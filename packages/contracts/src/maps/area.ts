import { z } from 'zod';

/** A point as the map pickers send it. */
export const lngLat = z.object({ lng: z.number().min(-180).max(180), lat: z.number().min(-90).max(90) });
export type LngLat = z.infer<typeof lngLat>;

/** Area (§3): a list of polygons, each a list of points. */
export const area = z.array(z.array(lngLat).min(3)).max(50);
export type Area = z.infer<typeof area>;

/**
 * Area text as forms keep it (§5): parsed as JSON; text that is not JSON, or JSON that is not a list
 * of polygons, is ignored — the picker then starts empty instead of failing.
 */
export function parseArea(text: string | null | undefined): Area {
  if (!text) return [];
  try {
    const parsed = area.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
