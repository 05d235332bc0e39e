import { id, Permission } from '@iot/contracts';
import { IMPORT_RULES, type ImportRule } from '@iot/contracts/gateways';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { GatewayImportService } from './gateway-import.service.js';
import { PROJECT_GATEWAY_MENU } from './project-gateways.routes.js';

const rules = Object.keys(IMPORT_RULES) as [ImportRule, ...ImportRule[]];

/** Spreadsheet import: the file itself is the request body (like the avatar upload). */
export function registerGatewayImportRoutes(router: Router, importer: GatewayImportService): void {
  router.route({
    method: 'POST',
    url: '/iot/groups/:groupId/gateways/import',
    summary:
      '从 xlsx 导入网关：请求体为文件本身；rule=overwrite（保留已有，覆盖重复）| skip（保留已有，跳过重复）| replace（删除本项目创建的网关后导入）；typeId 为新建网关套用的网关类型；表头去掉 * 与“必填”',
    tags: ['项目网关'],
    params: z.object({ groupId: id }),
    query: z.object({
      fileName: z.string().min(1).max(255),
      rule: z.enum(rules).default('skip'),
      /** 网关类型 of the project that each created gateway follows (decision 0042). */
      typeId: z.coerce.number().int().positive().optional(),
    }),
    body: z.custom<Buffer>((value) => Buffer.isBuffer(value), '请上传文件'),
    access: {
      menu: PROJECT_GATEWAY_MENU,
      bit: Permission.CREATE,
      scope: 'project',
      scopeId: ({ params }) => params.groupId,
    },
    response: z.object({
      created: z.number(),
      updated: z.number(),
      skipped: z.number(),
      deleted: z.number(),
      errors: z.array(z.object({ row: z.number(), message: z.string() })),
      credentials: z.array(z.object({ serialNumber: z.string(), secret: z.string(), bindCode: z.string() })),
    }),
    handler: ({ scope, query, body, auth }) =>
      importer.import(scope!.id, query.fileName, body, query.rule, auth, query.typeId),
  });
}
