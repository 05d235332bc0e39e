import type { Kysely } from 'kysely';
import type { Database } from './platform/db/schema.js';

const DAY = 86_400_000;

/**
 * The demo project's orders (docs/decisions/0068-resource-purchase.md): last year's set meal, paid by
 * a transfer the system administrator confirmed, and an SMS package waiting for its transfer; and
 * transfer instructions for the pay page.
 */
export async function seedDemoPurchases(
  db: Kysely<Database>,
  projectId: number,
  buyer: string,
): Promise<void> {
  const now = Date.now();
  const user = await db.selectFrom('users').select('id').where('username', '=', buyer).executeTakeFirst();
  const order = (
    no: string,
    type: string,
    key: string,
    name: string,
    quantity: number,
    fen: number,
    at: number,
  ) => ({
    order_no: no,
    project_id: projectId,
    user_id: user?.id ?? null,
    order_type: type,
    package_key: key,
    package_name: name,
    package_quantity: quantity,
    number: 1,
    amount_fen: fen,
    provider: 'bank',
    created_at: at,
    // Every row names every column: SQLite has no DEFAULT inside a multi-row VALUES.
    status: 'unpaid',
    paid_at: null as number | null,
    paid_reference: null as string | null,
  });
  await db
    .insertInto('purchase_orders')
    .values([
      {
        ...order(
          'PO20251120093000A1B2C3',
          'GATEWAY_INDICATOR_RENEW',
          'SET_MEAL_256',
          '256个监测项',
          256,
          100_000,
          now - 5 * DAY,
        ),
        status: 'paid',
        paid_at: now - 4 * DAY,
        paid_reference: '银行转账 · admin确认',
      },
      order('PO20251124150000D4E5F6', 'MESSAGE', 'MESSAGE_1000', '1000条（80元）', 1000, 8_000, now - DAY),
    ])
    .execute();
  await db
    .insertInto('system_settings')
    .values({
      key: 'purchases',
      value: JSON.stringify({
        payStatusWarnDays: 30,
        payStatusGraceDays: 15,
        bankTransferNote:
          '收款单位：示范物联网科技有限公司\n开户行：示范银行北京分行\n账号：6222 0000 0000 0000（示范数据）',
      }),
      updated_at: now,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
