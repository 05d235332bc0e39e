import { id, Permission, page, pageQuery } from '@iot/contracts';
import {
  AI_MODELS_MENU,
  aiModel,
  aiModelBody,
  aiModelListQuery,
  aiModelProject,
  aiModelTestResult,
} from '@iot/contracts/assistant';
import { z } from 'zod';
import type { Router } from '../../../platform/http/route.js';
import type { AiModelsService } from './ai-models.service.js';

const tags = ['AI模型'];
const params = z.object({ id });
const base = '/iot/aiModels';

/** AI模型 (system management): every route needs the router-aiModels bit in the system scope. */
export function registerAiModelRoutes(router: Router, models: AiModelsService): void {
  router.route({
    method: 'GET',
    url: base,
    summary: 'AI模型列表（不含 API Key，只答 hasKey）',
    tags,
    access: { menu: AI_MODELS_MENU, bit: Permission.READ, scope: 'system' },
    query: pageQuery.extend(aiModelListQuery.shape),
    response: page(aiModel),
    handler: ({ query }) => models.list(query, query.keyword),
  });
  router.route({
    method: 'GET',
    url: `${base}/projects`,
    summary: 'AI模型可指定的项目',
    tags,
    access: { menu: AI_MODELS_MENU, bit: Permission.READ, scope: 'system' },
    query: pageQuery.extend(aiModelListQuery.shape),
    response: page(aiModelProject),
    handler: ({ query }) => models.projects(query, query.keyword),
  });
  router.route({
    method: 'POST',
    url: base,
    summary: '新建AI模型（系统默认或某个项目专用；每个范围至多一个启用）',
    tags,
    access: { menu: AI_MODELS_MENU, bit: Permission.CREATE, scope: 'system' },
    body: aiModelBody,
    response: aiModel,
    handler: ({ body }) => models.create(body),
  });
  router.route({
    method: 'PUT',
    url: `${base}/:id`,
    summary: '修改AI模型（apiKey 留空则保留原密钥）',
    tags,
    params,
    access: { menu: AI_MODELS_MENU, bit: Permission.UPDATE, scope: 'system' },
    body: aiModelBody,
    response: aiModel,
    handler: ({ params, body }) => models.update(params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: '删除AI模型',
    tags,
    params,
    access: { menu: AI_MODELS_MENU, bit: Permission.DELETE, scope: 'system' },
    handler: ({ params }) => models.delete(params.id),
  });
  router.route({
    method: 'POST',
    url: `${base}/:id/test`,
    summary: '测试AI模型：发送一句话，答模型的回复或失败原因（至多等待 10 秒）',
    tags,
    params,
    access: { menu: AI_MODELS_MENU, bit: Permission.UPDATE, scope: 'system' },
    response: aiModelTestResult,
    handler: ({ params }) => models.test(params.id),
  });
}
