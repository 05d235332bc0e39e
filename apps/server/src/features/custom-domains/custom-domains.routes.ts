import { availability, id, Permission, page, pageQuery } from '@iot/contracts';
import { customDomainBody, customDomainConfig, domainNameCheckQuery } from '@iot/contracts/custom-domains';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { CustomDomainsService } from './custom-domains.service.js';

const MENU = 'router-customDomain';
const tags = ['自定义域名'];
const params = z.object({ id });

export function registerCustomDomainRoutes(router: Router, domains: CustomDomainsService): void {
  router.route({
    method: 'GET',
    url: '/iot/customDomainConfigs',
    summary: '自定义域名配置列表',
    tags,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    query: pageQuery.extend({ keyword: z.string().trim().max(64).optional() }),
    response: page(customDomainConfig),
    handler: ({ query }) => domains.list(query, query.keyword),
  });
  router.route({
    method: 'GET',
    url: '/iot/customDomainConfigs/checkDomainName',
    summary: '域名唯一性校验（data 为 true 表示可用）',
    tags,
    access: { menu: MENU, bit: Permission.READ, scope: 'system' },
    query: domainNameCheckQuery,
    response: availability,
    handler: ({ query }) => domains.isDomainAvailable(query.domainName, query.excludeId),
  });
  router.route({
    method: 'POST',
    url: '/iot/customDomainConfigs',
    summary: '新建自定义域名配置（该域名下登录页的系统名称与 logo）',
    tags,
    access: { menu: MENU, bit: Permission.CREATE, scope: 'system' },
    body: customDomainBody,
    response: customDomainConfig,
    handler: ({ body }) => domains.create(body),
  });
  router.route({
    method: 'PUT',
    url: '/iot/customDomainConfigs/:id',
    summary: '修改自定义域名配置',
    tags,
    params,
    body: customDomainBody,
    access: { menu: MENU, bit: Permission.UPDATE, scope: 'system' },
    response: customDomainConfig,
    handler: ({ params, body }) => domains.update(params.id, body),
  });
  router.route({
    method: 'DELETE',
    url: '/iot/customDomainConfigs/:id',
    summary: '删除自定义域名配置',
    tags,
    params,
    access: { menu: MENU, bit: Permission.DELETE, scope: 'system' },
    handler: ({ params }) => domains.delete(params.id),
  });
}
