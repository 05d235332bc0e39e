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

/** A stored file of ours (platform/files.ts) or a web address: what an avatar may be loaded from. */
const LOADABLE_AVATAR =
  /^(\/iot\/files\/[a-z-]{1,32}\/[A-Za-z0-9_-]{8,64}\.(png|jpg|gif|webp)|https?:\/\/[^\s"'<>]+)$/;

/**
 * Where the browser loads the avatar from (login info's avatarPath): the stored value when it is
 * one of our files or a web address, '' otherwise, so that the web shows its fallback.
 */
export function avatarPath(avatar: string): string {
  return LOADABLE_AVATAR.test(avatar) ? avatar : '';
}
