import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/**
 * The one rule of what a share grants, as SQL other features' reads join (docs/decisions/0069): a
 * link into a project counts while its share is not revoked and the item still belongs to the
 * share's project (a gateway deleted or transferred away stops being shared without a sweep).
 * Expiry ends the code, not the links a project already made with it.
 */

/** Ids of the gateways shared into a project (subquery for `where id in (…)`). */
export function sharedGatewayIds(db: Kysely<Database>, projectId: number) {
  return db
    .selectFrom('share_links as sl')
    .innerJoin('shares as sh', 'sh.id', 'sl.share_id')
    .innerJoin('gateways as sg', 'sg.id', 'sl.item_id')
    .select('sl.item_id')
    .where('sl.kind', '=', 'gateway')
    .where('sl.target_project_id', '=', projectId)
    .where('sh.revoked_at', 'is', null)
    .whereRef('sg.project_id', '=', 'sh.project_id');
}

/** The projects each of these gateways is shared into (live and historical reads). */
export async function sharedTargets(
  db: Kysely<Database>,
  gatewayIds: number[],
): Promise<{ gatewayId: number; projectId: number }[]> {
  if (gatewayIds.length === 0) return [];
  const rows = await db
    .selectFrom('share_links as sl')
    .innerJoin('shares as sh', 'sh.id', 'sl.share_id')
    .innerJoin('gateways as sg', 'sg.id', 'sl.item_id')
    .select(['sl.item_id', 'sl.target_project_id'])
    .where('sl.kind', '=', 'gateway')
    .where('sl.item_id', 'in', gatewayIds)
    .where('sh.revoked_at', 'is', null)
    .whereRef('sg.project_id', '=', 'sh.project_id')
    .execute();
  return rows.map((r) => ({ gatewayId: r.item_id, projectId: r.target_project_id }));
}

/** Whether a gateway is shared into the project (a write on it there is refused as read-only). */
export async function isSharedInto(db: Kysely<Database>, projectId: number, gatewayId: number) {
  const row = await sharedGatewayIds(db, projectId).where('sl.item_id', '=', gatewayId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Gateway indicators a project is charged for (accessGatewayIndicatorMaxNum): those of its own
 * gateways and of the gateways shared into it, each once.
 */
export async function chargedIndicatorCount(db: Kysely<Database>, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('gateway_indicators as gi')
    .innerJoin('gateways as g', 'g.id', 'gi.gateway_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) =>
      eb.or([eb('g.project_id', '=', projectId), eb('g.id', 'in', sharedGatewayIds(db, projectId))]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Gateway indicators shared into each of these projects (each gateway once per project): what
 * lists over many projects add to their own count (the resource notices at sign-in).
 */
export async function sharedIndicatorCounts(
  db: Kysely<Database>,
  projectIds: number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (projectIds.length === 0) return counts;
  const links = await db
    .selectFrom('share_links as sl')
    .innerJoin('shares as sh', 'sh.id', 'sl.share_id')
    .innerJoin('gateways as sg', 'sg.id', 'sl.item_id')
    .select(['sl.target_project_id', 'sl.item_id'])
    .distinct()
    .where('sl.kind', '=', 'gateway')
    .where('sl.target_project_id', 'in', projectIds)
    .where('sh.revoked_at', 'is', null)
    .whereRef('sg.project_id', '=', 'sh.project_id')
    .execute();
  if (links.length === 0) return counts;
  const perGateway = new Map(
    (
      await db
        .selectFrom('gateway_indicators')
        .select(['gateway_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('gateway_id', 'in', [...new Set(links.map((l) => l.item_id))])
        .groupBy('gateway_id')
        .execute()
    ).map((r) => [r.gateway_id, Number(r.n)]),
  );
  for (const link of links)
    counts.set(
      link.target_project_id,
      (counts.get(link.target_project_id) ?? 0) + (perGateway.get(link.item_id) ?? 0),
    );
  return counts;
}

/**
 * Ids of the owner cameras shared into a project by a standing share (subquery for `where … in`):
 * the target's copies of them (cameras.share_owner_id) are visible and playable there.
 */
export function sharedCameraIds(db: Kysely<Database>, projectId: number) {
  return db
    .selectFrom('share_links as sl')
    .innerJoin('shares as sh', 'sh.id', 'sl.share_id')
    .innerJoin('cameras as sc', 'sc.id', 'sl.item_id')
    .select('sl.item_id')
    .where('sl.kind', '=', 'camera')
    .where('sl.target_project_id', '=', projectId)
    .where('sh.revoked_at', 'is', null)
    .whereRef('sc.project_id', '=', 'sh.project_id');
}

/**
 * Ids of the cameras linked into a project by a share not revoked, whether or not the owner's camera
 * still exists: the target lists its copies of them, and one whose camera the owner deleted says so
 * (被分享设备{name}已被删除，无法观看！) until the target removes it. Revocation unlists them.
 */
export function linkedCameraIds(db: Kysely<Database>, projectId: number) {
  return db
    .selectFrom('share_links as sl')
    .innerJoin('shares as sh', 'sh.id', 'sl.share_id')
    .select('sl.item_id')
    .where('sl.kind', '=', 'camera')
    .where('sl.target_project_id', '=', projectId)
    .where('sh.revoked_at', 'is', null);
}

/** The owner camera behind a project's copy, while a standing share grants it; else undefined. */
export async function standingSharedCamera(
  db: Kysely<Database>,
  projectId: number,
  ownerCameraId: number,
): Promise<{ cameraId: number; projectId: number; projectName: string } | undefined> {
  const row = await db
    .selectFrom('cameras as c')
    .innerJoin('groups as p', 'p.id', 'c.project_id')
    .select(['c.id', 'c.project_id', 'p.name'])
    .where('c.id', '=', ownerCameraId)
    .where('c.id', 'in', sharedCameraIds(db, projectId))
    .executeTakeFirst();
  return row && { cameraId: row.id, projectId: row.project_id, projectName: row.name };
}
