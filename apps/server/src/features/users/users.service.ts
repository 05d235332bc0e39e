import {
  DEFAULT_MESSAGE_SETTING,
  DEFAULT_THEME,
  type LoginRole,
  type MessageSetting,
  PasswordMessages,
  readMessageSetting,
  type Theme,
  type UserListQuery,
  UserMessages,
} from '@iot/contracts/users';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { SessionsRepository } from '../../platform/auth/sessions.repository.js';
import type { UserRow } from '../../platform/db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { presentUser } from './users.presenter.js';
import type { UsersRepository } from './users.repository.js';

export interface NewUserInput {
  username: string;
  realname: string;
  mobile?: string | undefined;
  password?: string | undefined;
  status?: 'enabled' | 'disabled';
  expireAt?: number | null;
  company?: string | undefined;
  province?: string | undefined;
  city?: string | undefined;
  district?: string | undefined;
  currentUserApplication?: string | undefined;
}

/** Accounts: creation with uniqueness checks, administration, and each user's own preferences. */
export class UsersService {
  constructor(
    readonly repository: UsersRepository,
    private readonly sessions: SessionsRepository,
    /** 系统配置's default theme, given to accounts created from now on. */
    private readonly defaultTheme: () => Promise<Theme> = async () => DEFAULT_THEME,
  ) {}

  async get(id: number): Promise<UserRow> {
    const user = await this.repository.findById(id);
    if (!user) throw notFound(UserMessages.NOT_FOUND);
    return user;
  }

  async create(input: NewUserInput): Promise<UserRow> {
    if (await this.repository.isUsernameTaken(input.username)) throw conflict(UserMessages.USERNAME_TAKEN);
    if (input.mobile && (await this.repository.isMobileTaken(input.mobile)))
      throw conflict(UserMessages.MOBILE_TAKEN);
    return this.repository.create({
      username: input.username,
      realname: input.realname,
      mobile: input.mobile ?? null,
      password_hash: input.password ? await hashPassword(input.password) : null,
      avatar: '',
      company: input.company ?? '',
      province: input.province ?? '',
      city: input.city ?? '',
      district: input.district ?? '',
      current_user_application: input.currentUserApplication ?? '',
      theme: await this.defaultTheme(),
      status: input.status ?? 'enabled',
      expire_at: input.expireAt ?? null,
      failed_login_count: 0,
      locked: 0,
      is_read_guide: 0,
      message_setting: JSON.stringify(DEFAULT_MESSAGE_SETTING),
    });
  }

  /**
   * Changing a system administrator's account (password, bindings, status, deletion) would be a
   * way to become one: only system administrators may do it.
   */
  async guardTarget(callerIsSystemAdmin: boolean, targetId: number): Promise<void> {
    if (!callerIsSystemAdmin && (await this.repository.isSystemAdmin(targetId))) {
      throw forbidden(UserMessages.SYSTEM_ADMIN_RESERVED);
    }
  }

  list(query: UserListQuery) {
    return this.repository.list(query, Date.now());
  }

  async update(
    id: number,
    patch: {
      realname?: string | undefined;
      mobile?: string | null | undefined;
      status?: 'enabled' | 'disabled' | undefined;
      expireAt?: number | null | undefined;
    },
  ) {
    const user = await this.get(id);
    if (patch.mobile && (await this.repository.isMobileTaken(patch.mobile, id)))
      throw conflict(UserMessages.MOBILE_TAKEN);
    await this.repository.update(id, {
      ...(patch.realname !== undefined ? { realname: patch.realname } : {}),
      ...(patch.mobile !== undefined ? { mobile: patch.mobile } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.expireAt !== undefined ? { expire_at: patch.expireAt } : {}),
    });
    // A disabled account is signed out everywhere at once, not when its tokens run out.
    if (patch.status === 'disabled' && user.status !== 'disabled') await this.sessions.revokeAllOfUser(id);
    else if (patch.status !== undefined || patch.expireAt !== undefined) await this.sessions.userChanged(id);
    return presentUser(await this.get(id));
  }

  async delete(id: number, callerId: number): Promise<void> {
    const user = await this.get(id);
    if (id === callerId) throw badRequest(UserMessages.CANNOT_DELETE_SELF);
    if (user.username === 'admin') throw badRequest(UserMessages.CANNOT_DELETE_ADMIN);
    await this.repository.delete(id);
    // Its sessions went with it: every node stops accepting its tokens.
    await this.sessions.userChanged(id);
  }

  /** Lifts a lock-out (the lock bit of the users screen). */
  async unlock(id: number): Promise<void> {
    await this.get(id);
    await this.repository.update(id, { locked: 0, failed_login_count: 0 });
  }

  /** An administrator sets a new password: the account's sessions end. */
  async resetPassword(id: number, password: string): Promise<void> {
    await this.get(id);
    await this.repository.update(id, {
      password_hash: await hashPassword(password),
      failed_login_count: 0,
      locked: 0,
    });
    await this.sessions.revokeAllOfUser(id);
  }

  /** The user changes their own password; their other sessions end. */
  async changePassword(
    id: number,
    sessionId: string,
    oldPassword: string,
    newPassword: string,
  ): Promise<void> {
    const user = await this.get(id);
    if (!(await verifyPassword(user.password_hash, oldPassword)))
      throw badRequest(PasswordMessages.OLD_WRONG);
    if (oldPassword === newPassword) throw badRequest(PasswordMessages.SAME_AS_OLD);
    await this.repository.update(id, { password_hash: await hashPassword(newPassword) });
    await this.sessions.revokeAllOfUser(id, sessionId);
  }

  /** Sets a password after the mobile was proven by a phone code; every session ends. */
  async setPasswordByMobile(mobile: string, newPassword: string): Promise<void> {
    const user = await this.repository.findByMobile(mobile);
    if (!user) throw notFound(UserMessages.NOT_FOUND);
    await this.repository.update(user.id, {
      password_hash: await hashPassword(newPassword),
      failed_login_count: 0,
      locked: 0,
    });
    await this.sessions.revokeAllOfUser(user.id);
  }

  async setBindings(
    id: number,
    bindings: { weixin?: string | null | undefined; dingding?: string | null | undefined },
  ) {
    await this.get(id);
    for (const platform of ['weixin', 'dingding'] as const) {
      const value = bindings[platform];
      if (value !== undefined) await this.repository.setBinding(id, platform, value);
    }
    return this.repository.bindings(id);
  }

  async setTheme(id: number, theme: Theme): Promise<void> {
    await this.repository.update(id, { theme });
  }

  async setProfile(
    id: number,
    profile: { realname?: string | undefined; avatar?: string | undefined },
  ): Promise<void> {
    await this.repository.update(id, {
      ...(profile.realname !== undefined ? { realname: profile.realname } : {}),
      ...(profile.avatar !== undefined ? { avatar: profile.avatar } : {}),
    });
  }

  async markGuideRead(id: number): Promise<void> {
    const user = await this.get(id);
    await this.repository.update(id, { is_read_guide: user.is_read_guide | 1 });
  }

  async setMessageSetting(id: number, setting: MessageSetting): Promise<void> {
    await this.repository.update(id, { message_setting: JSON.stringify(setting) });
  }

  /** Stored settings, filled with defaults for keys added (or changed in form) after the user saved theirs. */
  messageSetting(user: UserRow): MessageSetting {
    return readMessageSetting(user.message_setting);
  }

  /** The scopes the user is a member of, with the role held in each (login info). */
  roles(id: number): Promise<LoginRole[]> {
    return this.repository.roles(id);
  }

  async isUsernameAvailable(username: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.isUsernameTaken(username, excludeId));
  }

  async isMobileAvailable(mobile: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.isMobileTaken(mobile, excludeId));
  }
}
