import type { Page } from '@iot/contracts';
import { type Unit, type UnitBody, type UnitListQuery, UnitMessages } from '@iot/contracts/units';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { UnitsRepository } from './units.repository.js';

/** 单位管理: the built-in set is read-only; a project's own units are unique by symbol across both. */
export class UnitsService {
  constructor(private readonly repository: UnitsRepository) {}

  list(projectId: number, query: UnitListQuery): Promise<Page<Unit>> {
    return this.repository.page(projectId, query);
  }

  options(projectId: number) {
    return this.repository.options(projectId);
  }

  async isNameAvailable(projectId: number, name: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.isNameTaken(projectId, name, excludeId));
  }

  async create(projectId: number, body: UnitBody): Promise<Unit> {
    if (await this.repository.isNameTaken(projectId, body.name)) throw conflict(UnitMessages.NAME_TAKEN);
    return this.get(projectId, await this.repository.create(projectId, body));
  }

  async update(projectId: number, id: number, body: UnitBody): Promise<Unit> {
    const row = await this.own(projectId, id);
    if (await this.repository.isNameTaken(projectId, body.name, id)) throw conflict(UnitMessages.NAME_TAKEN);
    await this.repository.update(projectId, id, row.name, body);
    return this.get(projectId, id);
  }

  async delete(projectId: number, id: number): Promise<void> {
    const row = await this.own(projectId, id);
    if (row.used_by > 0) throw badRequest(UnitMessages.inUse(row.used_by));
    await this.repository.delete(projectId, id);
  }

  private async get(projectId: number, id: number): Promise<Unit> {
    const row = await this.repository.get(projectId, id);
    if (!row) throw notFound(UnitMessages.NOT_FOUND);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      category: row.category,
      builtin: row.project_id === null,
      usedBy: row.used_by,
      createdAt: Number(row.created_at),
    };
  }

  /** A unit of this project (another project's is not found; a built-in one is read-only). */
  private async own(projectId: number, id: number) {
    const row = await this.repository.get(projectId, id);
    if (!row) throw notFound(UnitMessages.NOT_FOUND);
    if (row.project_id === null) throw badRequest(UnitMessages.BUILTIN_READONLY);
    return row;
  }
}
