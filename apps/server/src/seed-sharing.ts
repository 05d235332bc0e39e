import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './platform/db/schema.js';

/**
 * One share of the demo project (docs/decisions/0069-sharing-by-code.md): its first gateway, for a
 * year, by the demo project admin — 网关管理 → 分享 shows a code ready to copy into 使用分享码 of
 * another project.
 */
export async function seedDemoShare(db: Kysely<Database>, projectId: number, manager: string): Promise<void> {
  const gateway = await db
    .selectFrom('gateways')
    .select('id')
    .where('project_id', '=', projectId)
    .orderBy('id')
    .executeTakeFirst();
  const user = await db.selectFrom('users').select('id').where('username', '=', manager).executeTakeFirst();
  if (!gateway || !user) return;
  const now = Date.now();
  const { id } = await db
    .insertInto('shares')
    .values({
      code: randomUUID(),
      project_id: projectId,
      remark: '示范分享：在另一项目中用“使用分享码”添加',
      created_by: user.id,
      created_at: now,
      expires_at: now + 365 * 86_400_000,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('share_items').values({ share_id: id, kind: 'gateway', item_id: gateway.id }).execute();
}
