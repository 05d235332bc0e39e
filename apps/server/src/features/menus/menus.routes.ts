import { catalogueQuery, MENU_CATALOGUE, menuEntry, menuGenerationQuery } from '@iot/contracts/menus';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.js';
import type { MenusService } from './menus.service.js';

const tags = ['菜单'];

export function registerMenuRoutes(router: Router, menus: MenusService): void {
  router.route({
    method: 'GET',
    url: '/iot/users/current/menus',
    summary:
      '生成菜单：按范围类型（firm、project、group、system、corporation）返回当前用户的菜单；checkHas 时只回答有无可访问菜单',
    tags,
    access: 'authenticated',
    query: menuGenerationQuery,
    response: z.union([z.array(menuEntry), z.boolean()]),
    handler: async ({ auth, query }) => {
      const tree = await menus.generate(auth, query.type, query.id);
      return query.checkHas ? tree.length > 0 : tree;
    },
  });

  router.route({
    method: 'GET',
    url: '/iot/system/frontMenus',
    summary: '菜单目录：全部子系统的菜单项及其可用权限位（角色编辑用）',
    tags,
    access: 'authenticated',
    query: catalogueQuery,
    response: z.array(
      z.object({
        id: z.number(),
        code: z.string(),
        title: z.string(),
        subSystem: z.number(),
        parent: z.string().optional(),
        path: z.string(),
        component: z.string().optional(),
        hidden: z.boolean().optional(),
        bits: z.number(),
      }),
    ),
    handler: async ({ query }) =>
      MENU_CATALOGUE.filter((menu) => query.subSystem === undefined || menu.subSystem === query.subSystem),
  });
}
