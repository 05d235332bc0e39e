import type { User } from '@iot/contracts/users';
import type { UserRow } from '../../platform/db/schema.js';

/** A user row as clients see it: never the password hash or counters. */
export function presentUser(row: UserRow): User {
  return {
    userId: row.id,
    username: row.username,
    realname: row.realname,
    mobile: row.mobile,
    avatar: row.avatar,
    status: row.status === 'disabled' ? 'disabled' : 'enabled',
    locked: row.locked === 1,
    expireAt: row.expire_at,
    createdAt: row.created_at,
  };
}
