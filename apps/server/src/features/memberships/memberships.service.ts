import type { Page, ScopeType } from '@iot/contracts';
import type { addMemberBody } from '@iot/contracts/memberships';
import {
  type Member,
  type MemberListQuery,
  MemberMessages,
  type MemberOption,
} from '@iot/contracts/memberships';
import type { z } from 'zod';
import type { AccessService, AuthContext } from '../../platform/auth/access.service.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { RolesService } from '../roles/index.js';
import type { UsersService } from '../users/index.js';
import type { MembershipsRepository } from './memberships.repository.js';

/** Members of a scope, each with one role of that same scope. */
export class MembershipsService {
  constructor(
    private readonly repository: MembershipsRepository,
    private readonly users: UsersService,
    private readonly roles: RolesService,
    private readonly access: AccessService,
  ) {}

  list(scopeType: ScopeType, scopeId: number, query: MemberListQuery): Promise<Page<Member>> {
    return this.repository.page(scopeType, scopeId, query);
  }

  options(scopeType: ScopeType, scopeId: number): Promise<MemberOption[]> {
    return this.repository.options(scopeType, scopeId);
  }

  /** Adds an existing account (by username or mobile) or creates one, with a role of this scope. */
  async add(
    caller: AuthContext,
    scopeType: ScopeType,
    scopeId: number,
    body: z.output<typeof addMemberBody>,
  ): Promise<Member> {
    await this.roles.get(scopeType, scopeId, body.roleId);
    await this.guardAdminRole(caller, scopeType, scopeId, [body.roleId]);
    let userId: number;
    if ('account' in body) {
      const user = await this.users.repository.findByAccount(body.account);
      if (!user) throw notFound(MemberMessages.ACCOUNT_NOT_FOUND);
      userId = user.id;
    } else {
      userId = (await this.users.create(body)).id;
    }
    return this.addUser(scopeType, scopeId, userId, body.roleId);
  }

  async addUser(scopeType: ScopeType, scopeId: number, userId: number, roleId: number): Promise<Member> {
    if (await this.repository.get(scopeType, scopeId, userId)) throw conflict(MemberMessages.ALREADY_MEMBER);
    await this.repository.add(scopeType, scopeId, userId, roleId);
    await this.access.changed({ kind: 'user', userId });
    return (await this.repository.get(scopeType, scopeId, userId))!;
  }

  async setRole(
    caller: AuthContext,
    scopeType: ScopeType,
    scopeId: number,
    userId: number,
    roleId: number,
  ): Promise<Member> {
    const member = await this.get(scopeType, scopeId, userId);
    await this.roles.get(scopeType, scopeId, roleId);
    await this.guardAdminRole(caller, scopeType, scopeId, [member.roleId, roleId]);
    if (member.roleId !== roleId) await this.keepOneAdmin(caller, scopeType, scopeId, member);
    await this.repository.setRole(scopeType, scopeId, userId, roleId);
    await this.access.changed({ kind: 'user', userId });
    return (await this.repository.get(scopeType, scopeId, userId))!;
  }

  async remove(caller: AuthContext, scopeType: ScopeType, scopeId: number, userId: number): Promise<void> {
    const member = await this.get(scopeType, scopeId, userId);
    await this.guardAdminRole(caller, scopeType, scopeId, [member.roleId]);
    await this.keepOneAdmin(caller, scopeType, scopeId, member);
    await this.repository.remove(scopeType, scopeId, userId);
    await this.access.changed({ kind: 'user', userId });
  }

  private async get(scopeType: ScopeType, scopeId: number, userId: number): Promise<Member> {
    const member = await this.repository.get(scopeType, scopeId, userId);
    if (!member) throw notFound(MemberMessages.NOT_MEMBER);
    return member;
  }

  /**
   * Only an administrator of the scope (or a system administrator) may grant, change or take
   * away the administrator role; otherwise managing members would be a way to become one.
   */
  private async guardAdminRole(
    caller: AuthContext,
    scopeType: ScopeType,
    scopeId: number,
    roleIds: number[],
  ) {
    if (caller.isSystemAdmin) return;
    const adminRole = await this.roles.adminRole(scopeType, scopeId);
    if (!roleIds.includes(adminRole)) return;
    const own = await this.repository.get(scopeType, scopeId, caller.userId);
    if (own?.roleId !== adminRole) throw forbidden(MemberMessages.ADMIN_ROLE_RESERVED);
  }

  /**
   * A scope must not lose its last administrator, or nobody could manage it any more; the only
   * administrator acting on themself is told what to do instead.
   */
  private async keepOneAdmin(
    caller: AuthContext,
    scopeType: ScopeType,
    scopeId: number,
    member: Member,
  ): Promise<void> {
    const adminRole = await this.roles.adminRole(scopeType, scopeId);
    if (member.roleId !== adminRole) return;
    if ((await this.repository.countWithRole(scopeType, scopeId, adminRole)) <= 1) {
      throw badRequest(
        member.userId === caller.userId ? MemberMessages.LAST_ADMIN_SELF : MemberMessages.LAST_ADMIN,
      );
    }
  }
}
