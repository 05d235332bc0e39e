import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

export class PhoneCodesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(code: {
    mobile: string;
    purpose: string;
    codeHash: string;
    expiresAt: number;
  }): Promise<void> {
    await this.db
      .insertInto('phone_codes')
      .values({
        mobile: code.mobile,
        purpose: code.purpose,
        code_hash: code.codeHash,
        expires_at: code.expiresAt,
        used_at: null,
        attempts: 0,
        created_at: Date.now(),
      })
      .execute();
  }

  async lastSentAt(mobile: string, purpose: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('phone_codes')
      .select('created_at')
      .where('mobile', '=', mobile)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row?.created_at;
  }

  async countSince(mobile: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('phone_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mobile', '=', mobile)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The newest code of a mobile and purpose that is still open. */
  latestOpen(mobile: string, purpose: string) {
    return this.db
      .selectFrom('phone_codes')
      .select(['id', 'code_hash', 'attempts'])
      .where('mobile', '=', mobile)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', Date.now())
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  async countAttempt(id: number): Promise<void> {
    await this.db
      .updateTable('phone_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Uses a code once; false when another request used it first. */
  async markUsed(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('phone_codes')
      .set({ used_at: Date.now() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteOlderThan(time: number): Promise<void> {
    await this.db.deleteFrom('phone_codes').where('created_at', '<', time).execute();
  }
}
