import { RESOURCE_WARNING_THRESHOLDS as LIMITS, type ResourceWarning } from '@iot/contracts/messages';
import type { AuthContext } from '../../platform/auth/access.service.js';
import { chinaTime } from './dispatcher.js';
import type { ProjectResources, ResourceWarningsRepository } from './resource-warnings.repository.js';

const DAY_MS = 24 * 3_600_000;
/** Resource warnings go to those who may see the project's resources (资源概览). */
export const RESOURCE_MENU = 'router-projectOverview';

/** The warnings one project's terms and use call for, in Chinese (thresholds: RESOURCE_WARNING_THRESHOLDS). */
export function resourceWarningsOf(p: ProjectResources, now: number): ResourceWarning[] {
  const warnings: ResourceWarning[] = [];
  const warn = (kind: ResourceWarning['kind'], title: string, content: string) =>
    warnings.push({ projectId: p.projectId, projectName: p.projectName, kind, title, content });
  const name = `「${p.projectName}」`;

  if (p.setMealEndAt !== null) {
    const date = chinaTime(p.setMealEndAt).slice(0, 10);
    if (p.setMealEndAt <= now) warn('setMeal', '套餐已到期', `${name}的套餐已于 ${date} 到期，请及时续费。`);
    else if (p.setMealEndAt - now <= LIMITS.setMealDays * DAY_MS) {
      const days = Math.ceil((p.setMealEndAt - now) / DAY_MS);
      warn('setMeal', '套餐即将到期', `${name}的套餐将于 ${date} 到期（还剩 ${days} 天），请及时续费。`);
    }
  }

  if (p.indicatorMax !== -1) {
    const left = p.indicatorMax - p.indicatorsUsed;
    if (left < 0) {
      warn(
        'indicatorQuota',
        '监测项超出上限',
        `${name}已接入 ${p.indicatorsUsed} 个监测项，超出上限 ${p.indicatorMax} 个，请减少监测项或升级配置。`,
      );
    } else if (left < p.indicatorMax * LIMITS.indicatorRemainingRatio || left === 0) {
      warn(
        'indicatorQuota',
        '监测项余量不足',
        `${name}已接入 ${p.indicatorsUsed} / ${p.indicatorMax} 个监测项，仅剩 ${left} 个，请及时升级配置。`,
      );
    }
  }

  // Only where someone is to get SMS / calls: a project that never set them up is not nagged.
  const counts = [
    ['smsQuota', '短信', '条', p.smsLeft, LIMITS.smsRemaining, p.smsUsed],
    ['voiceQuota', '语音', '次', p.voiceLeft, LIMITS.voiceRemaining, p.voiceUsed],
  ] as const;
  for (const [kind, label, unit, left, limit, used] of counts) {
    if (!used || left === -1 || left > limit) continue;
    if (left <= 0) warn(kind, `${label}已用完`, `${name}的${label}余量已用完，请及时购买${label}资源。`);
    else warn(kind, `${label}余量不足`, `${name}的${label}仅剩 ${left} ${unit}，请及时购买${label}资源。`);
  }
  return warnings;
}

/** Resource warnings (expiring or insufficient) of the caller's projects, fetched by the web after sign-in. */
export class ResourceWarningsService {
  constructor(private readonly repository: ResourceWarningsRepository) {}

  async list(auth: AuthContext, now = Date.now()): Promise<ResourceWarning[]> {
    const projects = await this.repository.projectsOf(auth.userId, RESOURCE_MENU);
    return projects.flatMap((project) => resourceWarningsOf(project, now));
  }
}
