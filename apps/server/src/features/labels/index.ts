import type { Platform } from '../../platform/platform.js';
import { LabelsRepository } from './labels.repository.js';
import { registerLabelRoutes } from './labels.routes.js';
import { LabelsService } from './labels.service.js';

export type { LabelsService };

/** 标签管理: labels on gateways and groups, used as list filters (docs/decisions/0040-units-labels-modes.md). */
export function labelsFeature(platform: Platform): { labels: LabelsService } {
  const labels = new LabelsService(new LabelsRepository(platform.db));
  registerLabelRoutes(platform.router, labels);
  return { labels };
}
