import type { Page, ScopeType } from '@iot/contracts';
import { MENUS_BY_CODE, menuInScope } from '@iot/contracts/menus';
import {
  BUILTIN_ROLE_NAMES,
  type Role,
  type RoleFunction,
  type RoleListQuery,
  RoleMessages,
  type RoleOption,
} from '@iot/contracts/roles';
import type { AccessService } from '../../platform/auth/access.service.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { RoleInput, RolesRepository } from './roles.repository.js';

/** Roles per scope: their functions must be entries of the scope, with bits those entries have. */
export class RolesService {
  constructor(
    private readonly repository: RolesRepository,
    private readonly access: AccessService,
  ) {}

  list(scopeType: ScopeType, scopeId: number, query: RoleListQuery): Promise<Page<Role>> {
    return this.repository.page(scopeType, scopeId, query);
  }

  options(scopeType: ScopeType, scopeId: number): Promise<RoleOption[]> {
    return this.repository.options(scopeType, scopeId);
  }

  async get(scopeType: ScopeType, scopeId: number, id: number): Promise<Role> {
    const role = await this.repository.get(scopeType, scopeId, id);
    if (!role) throw notFound(RoleMessages.NOT_FOUND);
    return role;
  }

  async create(scopeType: ScopeType, scopeId: number, input: RoleInput): Promise<Role> {
    this.checkFunctions(scopeType, input.functions);
    if (await this.repository.isNameTaken(scopeType, scopeId, input.name))
      throw conflict(RoleMessages.NAME_TAKEN);
    return this.get(scopeType, scopeId, await this.repository.create(scopeType, scopeId, input));
  }

  async update(scopeType: ScopeType, scopeId: number, id: number, input: RoleInput): Promise<Role> {
    const role = await this.get(scopeType, scopeId, id);
    if (role.builtin) throw badRequest(RoleMessages.BUILTIN_READONLY);
    this.checkFunctions(scopeType, input.functions);
    if (await this.repository.isNameTaken(scopeType, scopeId, input.name, id))
      throw conflict(RoleMessages.NAME_TAKEN);
    await this.repository.update(id, input);
    // Its members' bits change on every node before this answers.
    await this.access.changed({ kind: 'role', roleId: id });
    return this.get(scopeType, scopeId, id);
  }

  async delete(scopeType: ScopeType, scopeId: number, id: number): Promise<void> {
    const role = await this.get(scopeType, scopeId, id);
    if (role.builtin) throw badRequest(RoleMessages.BUILTIN_READONLY);
    if (await this.repository.isInUse(id)) throw badRequest(RoleMessages.IN_USE);
    await this.repository.delete(id);
    await this.access.changed({ kind: 'role', roleId: id });
  }

  async isNameAvailable(
    scopeType: ScopeType,
    scopeId: number,
    name: string,
    excludeId?: number,
  ): Promise<boolean> {
    return !(await this.repository.isNameTaken(scopeType, scopeId, name, excludeId));
  }

  /** The scope's built-in administrator role, created on first use (with the scope itself). */
  async adminRole(scopeType: ScopeType, scopeId: number): Promise<number> {
    const existing = await this.repository.findBuiltin(scopeType, scopeId, 'admin');
    if (existing !== undefined) return existing;
    const input = {
      name: BUILTIN_ROLE_NAMES[scopeType],
      description: '内置角色，拥有本范围全部功能',
      functions: [],
    };
    return this.repository.create(scopeType, scopeId, input, 'admin');
  }

  deleteScope(scopeType: ScopeType, scopeId: number): Promise<void> {
    return this.repository.deleteScope(scopeType, scopeId);
  }

  /**
   * After a scope is deleted (its roles, members and, for a project, its groups): every node
   * forgets all it cached for permission checks. Rare enough not to be worth aiming.
   */
  scopeDeleted(): Promise<void> {
    return this.access.changed({ kind: 'all' });
  }

  private checkFunctions(scopeType: ScopeType, functions: RoleFunction[]): void {
    const seen = new Set<string>();
    for (const fn of functions) {
      const menu = MENUS_BY_CODE.get(fn.code);
      if (!menu) throw badRequest(`${RoleMessages.UNKNOWN_MENU} (${fn.code})`);
      if (!menuInScope(scopeType, menu)) throw badRequest(`${RoleMessages.MENU_OUT_OF_SCOPE} (${fn.code})`);
      if ((fn.permission & ~menu.bits) !== 0)
        throw badRequest(`${RoleMessages.BITS_NOT_ALLOWED} (${fn.code})`);
      if (seen.has(fn.code)) throw badRequest(`functions: 菜单重复 (${fn.code})`);
      seen.add(fn.code);
    }
  }
}
