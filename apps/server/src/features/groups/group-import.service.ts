import { SPREADSHEET_FILE_NAME, SPREADSHEET_FORMAT_MESSAGE } from '@iot/contracts';
import {
  GROUP_IMPORT_MAX_ROWS,
  GroupImportMessages,
  type GroupImportReport,
  type GroupImportRule,
  GroupMessages,
  SITE_TYPE_LABELS,
  SITE_TYPES,
} from '@iot/contracts/groups';
import type { GroupRow } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors.js';
import { readRows } from '../gateways/index.js';
import type { GroupsRepository } from './groups.repository.js';

type SiteType = (typeof SITE_TYPES)[number];

const TYPES: Record<string, 'area' | 'site'> = { 区域: 'area', area: 'area', 站点: 'site', site: 'site' };
const SITE_TYPE_TEXT: Record<string, SiteType> = Object.fromEntries(
  SITE_TYPES.flatMap((key) => [
    [key.toLowerCase(), key],
    [SITE_TYPE_LABELS[key].toLowerCase(), key],
    [SITE_TYPE_LABELS[key].replace(/型$/, '').toLowerCase(), key],
  ]),
);
const YES = new Set(['是', 'y', 'yes', 'true', '1']);
const NO = new Set(['否', 'n', 'no', 'false', '0', '']);

/**
 * Areas and sites from a .csv, .xls or .xlsx sheet (名称, 上级, 类型, 站点类型, 监测点), row by row in sheet
 * order, so a row may name as 上级 a group created by an earlier row. 上级 is a path from the
 * project root (进水区 or 进水区/一期); empty is the root. A same-named sibling is a duplicate:
 * skipped, or (overwrite) given the row's site type and monitoring flag.
 */
export class GroupImportService {
  constructor(private readonly repository: GroupsRepository) {}

  async import(
    projectId: number,
    fileName: string,
    data: Buffer,
    rule: GroupImportRule,
  ): Promise<GroupImportReport> {
    if (!SPREADSHEET_FILE_NAME.test(fileName)) throw badRequest(SPREADSHEET_FORMAT_MESSAGE);
    let rows: Awaited<ReturnType<typeof readRows>>;
    try {
      rows = await readRows(fileName, data);
    } catch {
      throw badRequest(GroupImportMessages.UNREADABLE);
    }
    if (rows.length > GROUP_IMPORT_MAX_ROWS) throw badRequest(GroupImportMessages.TOO_MANY_ROWS);

    const groups = await this.repository.ofProject(projectId);
    const byId = new Map(groups.map((g) => [g.id, g]));
    const key = (parentId: number, name: string) => `${parentId}\u0000${name}`;
    const byParentAndName = new Map(
      groups.filter((g) => g.parent_id !== null).map((g) => [key(g.parent_id!, g.name), g]),
    );
    const hasChildren = new Set(groups.map((g) => g.parent_id));
    const report: GroupImportReport = { created: 0, updated: 0, skipped: 0, errors: [] };

    for (const { row, values } of rows) {
      const fail = (message: string) => report.errors.push({ row, message });
      const name = values.名称 ?? '';
      if (name === '') {
        fail(GroupImportMessages.NAME_REQUIRED);
        continue;
      }
      if (name.length > 64) {
        fail(GroupImportMessages.NAME_TOO_LONG);
        continue;
      }
      const typeText = (values.类型 ?? '').toLowerCase();
      const siteTypeText = (values.站点类型 ?? '').toLowerCase();
      const groupType = typeText === '' ? (siteTypeText ? 'site' : 'area') : TYPES[typeText];
      if (!groupType) {
        fail(GroupImportMessages.TYPE_UNKNOWN);
        continue;
      }
      const siteType = siteTypeText === '' ? null : SITE_TYPE_TEXT[siteTypeText];
      if (siteType === undefined) {
        fail(GroupImportMessages.SITE_TYPE_UNKNOWN);
        continue;
      }
      const monitorText = (values.监测点 ?? '').toLowerCase();
      if (!YES.has(monitorText) && !NO.has(monitorText)) {
        fail('监测点只能填“是”或“否”');
        continue;
      }
      const isMonitor = YES.has(monitorText);

      let parent: GroupRow | undefined = byId.get(projectId);
      for (const part of (values.上级 ?? '').split('/').map((p) => p.trim())) {
        if (part === '' || !parent) continue;
        parent = byParentAndName.get(key(parent.id, part));
      }
      if (!parent) {
        fail(GroupImportMessages.PARENT_NOT_FOUND);
        continue;
      }
      if (parent.is_monitor === 1) {
        fail(GroupMessages.MONITOR_NO_CHILDREN);
        continue;
      }
      if (parent.group_type === 'site') {
        fail(GroupMessages.SITE_NO_CHILDREN);
        continue;
      }

      const existing = byParentAndName.get(key(parent.id, name));
      if (existing) {
        if (rule === 'skip') {
          report.skipped++;
          continue;
        }
        if (existing.group_type !== groupType) {
          fail(GroupImportMessages.TYPE_DIFFERS);
          continue;
        }
        if (isMonitor && existing.is_monitor !== 1 && hasChildren.has(existing.id)) {
          fail(GroupMessages.MONITOR_HAS_CHILDREN);
          continue;
        }
        const patch = {
          ...(groupType === 'site' ? { site_type: siteType } : {}),
          is_monitor: isMonitor ? 1 : 0,
        };
        await this.repository.update(projectId, existing.id, patch);
        if (!isMonitor && existing.is_monitor === 1)
          await this.repository.replaceLinks(projectId, existing.id, []);
        Object.assign(existing, patch);
        report.updated++;
        continue;
      }

      const siblings = [...byId.values()].filter((g) => g.parent_id === parent.id);
      const sort = siblings.reduce((max, g) => Math.max(max, g.sort + 1), 0);
      const id = await this.repository.create(projectId, parent.id, {
        name,
        groupType,
        siteType: groupType === 'site' ? siteType : null,
        sort,
        isMonitor,
      });
      const created: GroupRow = {
        ...parent,
        id,
        parent_id: parent.id,
        name,
        group_type: groupType,
        site_type: groupType === 'site' ? siteType : null,
        sort,
        is_monitor: isMonitor ? 1 : 0,
        created_at: Date.now(),
      };
      byId.set(id, created);
      byParentAndName.set(key(parent.id, name), created);
      hasChildren.add(parent.id);
      report.created++;
    }
    return report;
  }
}
