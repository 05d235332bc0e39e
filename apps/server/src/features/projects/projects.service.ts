import type { Page, PageQuery } from '@iot/contracts';
import {
  type CorporationProject,
  type createProjectBody,
  ProjectMessages,
  type ProjectSettings,
  type projectTermsBody,
  type updateProjectBody,
} from '@iot/contracts/projects';
import type { z } from 'zod';
import type { AccessService, AuthContext } from '../../platform/auth/access.service.js';
import type { ClusterBus } from '../../platform/cluster-bus.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { gatewayConfigChanged } from '../../platform/gateway-config.js';
import type { RolesService } from '../roles/index.js';
import type { ProjectColumns, ProjectsRepository } from './projects.repository.js';

type CreateFields = z.output<typeof createProjectBody>;
/** The flags and the template are optional to callers other than the route (the seed). */
type NewProject = Omit<CreateFields, 'isTemplate' | 'isDemo' | 'templateId'> &
  Partial<Pick<CreateFields, 'isTemplate' | 'isDemo' | 'templateId'>>;

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/** Drops undefined values so an update touches only the fields that were sent. */
function defined<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export class ProjectsService {
  constructor(
    private readonly repository: ProjectsRepository,
    private readonly roles: RolesService,
    private readonly cluster: ClusterBus,
    private readonly access: AccessService,
  ) {}

  async create(input: NewProject, auth: AuthContext | null): Promise<ProjectSettings> {
    if (await this.repository.isNameTaken(input.name)) throw conflict(ProjectMessages.NAME_TAKEN);
    await this.checkCorporation(input.corporationId);
    const templateId = input.templateId ?? null;
    const template = templateId === null ? null : await this.repository.settings(templateId);
    if (templateId !== null && !template?.isTemplate) throw notFound(ProjectMessages.TEMPLATE_NOT_FOUND);
    let columns: ProjectColumns = {
      corporation_id: input.corporationId,
      project_type_id: input.projectTypeId,
      group_display_name: input.groupDisplayName,
      logo_url: input.logoUrl,
      pay_status: input.payStatus,
      can_entry_data: 0,
      can_manage_gateway_data: 1,
      enable_monitor: 1,
      gateway_indicator_select_style: 0,
      gateway_style: 0,
      can_unbind_gateway: 1,
      can_change_bind_gateway: 1,
      axis_rule: '',
      menu_name: '',
      set_meal_end_at: input.setMealEndAt,
      access_gateway_indicator_max_num: input.accessGatewayIndicatorMaxNum,
      send_messages_total_num: input.sendMessagesTotalNum,
      send_voices_total_num: input.sendVoicesTotalNum,
      chat_messages_limit: input.chatMessagesLimit,
      is_template: input.isTemplate ? 1 : 0,
      is_demo: input.isDemo ? 1 : 0,
    };
    if (template)
      columns = {
        ...columns,
        project_type_id: input.projectTypeId ?? template.projectTypeId,
        group_display_name: template.groupDisplayName,
        logo_url: input.logoUrl || template.logoUrl,
        can_entry_data: flag(template.canEntryData) ?? 0,
        can_manage_gateway_data: flag(template.canManageGatewayData) ?? 1,
        enable_monitor: flag(template.enableMonitor) ?? 1,
        gateway_indicator_select_style: template.gatewayIndicatorSelectStyle,
        gateway_style: template.gatewayStyle,
        can_unbind_gateway: flag(template.canUnbindGateway) ?? 1,
        can_change_bind_gateway: flag(template.canChangeBindGateway) ?? 1,
        axis_rule: template.axisRule,
        menu_name: template.menuName,
        raw_retention_days: template.rawRetentionDays,
        rollup_retention_days: template.rollupRetentionDays,
      };
    const id = await this.repository.create(input.name, columns);
    await this.roles.adminRole('project', id);
    if (template) await this.repository.copyFromTemplate(template.id, id);
    return this.settings(id, auth);
  }

  /** A project's settings and terms for system administration (the terms form). */
  async get(projectId: number): Promise<ProjectSettings> {
    return this.settings(projectId, null);
  }

  /** Settings of a project; hasBackCorporationMenu answers for the caller. */
  async settings(projectId: number, auth: AuthContext | null): Promise<ProjectSettings> {
    const settings = await this.repository.settings(projectId);
    if (!settings) throw notFound(ProjectMessages.NOT_FOUND);
    const corporationId = settings.corporationId;
    const hasBackCorporationMenu =
      corporationId !== null &&
      auth !== null &&
      (auth.isSystemAdmin || (await this.access.isMember(auth.userId, 'corporation', corporationId)));
    return { ...settings, hasBackCorporationMenu };
  }

  list(pageQuery: PageQuery, keyword?: string) {
    return this.repository.list(pageQuery, { keyword });
  }

  listForUser(auth: AuthContext, pageQuery: PageQuery, keyword?: string) {
    return this.repository.list(pageQuery, {
      keyword,
      ...(auth.isSystemAdmin ? {} : { userId: auth.userId }),
    });
  }

  /** 企业项目: each project with its gateways online/offline and the warnings started since `since`. */
  async listOfCorporation(
    corporationId: number,
    pageQuery: PageQuery,
    keyword: string | undefined,
    since: number,
  ): Promise<Page<CorporationProject>> {
    const page = await this.repository.list(pageQuery, { keyword, corporationId });
    const counts = await this.repository.liveCounts(
      page.list.map((p) => p.id),
      since,
    );
    return {
      ...page,
      list: page.list.map((project) => {
        const c = counts.get(project.id) ?? { online: 0, offline: 0, warnings: 0 };
        return {
          ...project,
          onlineGateways: c.online,
          offlineGateways: c.offline,
          todayWarnings: c.warnings,
        };
      }),
    };
  }

  /** What the project's own administrators may change. */
  async update(
    projectId: number,
    patch: z.output<typeof updateProjectBody>,
    auth: AuthContext,
  ): Promise<ProjectSettings> {
    if (patch.name && (await this.repository.isNameTaken(patch.name, projectId)))
      throw conflict(ProjectMessages.NAME_TAKEN);
    await this.repository.update(
      projectId,
      patch.name,
      defined({
        group_display_name: patch.groupDisplayName,
        logo_url: patch.logoUrl,
        can_entry_data: flag(patch.canEntryData),
        can_manage_gateway_data: flag(patch.canManageGatewayData),
        enable_monitor: flag(patch.enableMonitor),
        gateway_indicator_select_style: patch.gatewayIndicatorSelectStyle,
        gateway_style: patch.gatewayStyle,
        can_unbind_gateway: flag(patch.canUnbindGateway),
        can_change_bind_gateway: flag(patch.canChangeBindGateway),
        axis_rule: patch.axisRule,
        menu_name: patch.menuName,
      }),
    );
    return this.settings(projectId, auth);
  }

  /** Commercial terms and the template/demo flags: system administration only. */
  async setTerms(
    projectId: number,
    terms: z.output<typeof projectTermsBody>,
    auth: AuthContext,
  ): Promise<ProjectSettings> {
    const current = await this.settings(projectId, null);
    if (terms.corporationId) await this.checkCorporation(terms.corporationId);
    // Charts over ranges past the raw points read the rollups: those must outlast them.
    const raw = terms.rawRetentionDays ?? current.rawRetentionDays;
    const rollups = terms.rollupRetentionDays ?? current.rollupRetentionDays;
    if (rollups > 0 && (raw === 0 || rollups < raw)) throw badRequest(ProjectMessages.ROLLUPS_SHORTER);
    await this.repository.update(
      projectId,
      undefined,
      defined({
        corporation_id: terms.corporationId,
        pay_status: terms.payStatus,
        set_meal_end_at: terms.setMealEndAt,
        access_gateway_indicator_max_num: terms.accessGatewayIndicatorMaxNum,
        send_messages_total_num: terms.sendMessagesTotalNum,
        send_voices_total_num: terms.sendVoicesTotalNum,
        chat_messages_limit: terms.chatMessagesLimit,
        is_template: flag(terms.isTemplate),
        is_demo: flag(terms.isDemo),
        raw_retention_days: terms.rawRetentionDays,
        rollup_retention_days: terms.rollupRetentionDays,
      }),
    );
    return this.settings(projectId, auth);
  }

  async delete(projectId: number): Promise<void> {
    await this.settings(projectId, null);
    await this.roles.deleteScope('project', projectId);
    await this.repository.delete(projectId);
    await this.roles.scopeDeleted();
    // Its gateways' indicator configuration went with it.
    await gatewayConfigChanged(this.cluster, { all: true });
  }

  async isNameAvailable(name: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.isNameTaken(name, excludeId));
  }

  private async checkCorporation(corporationId: number | null): Promise<void> {
    if (corporationId !== null && !(await this.repository.corporationExists(corporationId)))
      throw notFound('公司不存在');
  }
}
