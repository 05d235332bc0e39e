import { z } from 'zod';
import { LOCATION_KINDS } from './location.js';

/** A site or gateway on the project map (WGS-84), with its online and warning state. */
export const mapMarker = z.object({
  kind: z.enum(LOCATION_KINDS),
  id: z.number().int(),
  name: z.string(),
  lng: z.number(),
  lat: z.number(),
  fullAddress: z.string(),
  /** Gateways: online_status; sites: whether any of their gateways is online. */
  online: z.boolean(),
  /** Open warnings of the gateway, or of the site's gateways. */
  warnings: z.number().int(),
  positionAt: z.number().nullable(),
});
export type MapMarker = z.infer<typeof mapMarker>;
