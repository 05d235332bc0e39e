import type { MenuEntry } from '@iot/contracts/menus';

/** The scopes routes are generated for, and how each names and prefixes its routes (spec core §2). */
export type RouteScope =
  | { type: 'personal' }
  | { type: 'system' }
  | { type: 'firm'; id: number }
  | { type: 'project'; id: number }
  | { type: 'site'; id: number }
  | { type: 'corporation'; id: number };

export interface GeneratedRoute {
  /** Route name: the menu code with the scope's suffix (-f{firmId}, -g{groupId}, -s). */
  name: string;
  /** Absolute path. */
  path: string;
  code: string;
  title: string;
  component: string;
  permission: number;
  hidden: boolean;
}

export function scopePrefix(scope: RouteScope): string {
  switch (scope.type) {
    case 'personal':
      return '';
    case 'system':
      return '/system';
    case 'firm':
      return `/gatewayfirms/${scope.id}`;
    case 'project':
      return `/projects/groups/${scope.id}`;
    case 'site':
      // Sub-system 7 (menu type group): one site of a project (decision 0041).
      return `/sites/groups/${scope.id}`;
    case 'corporation':
      return `/corporations/groups/${scope.id}`;
  }
}

export function routeSuffix(scope: RouteScope): string {
  switch (scope.type) {
    case 'personal':
      return '';
    case 'system':
      return '-s';
    case 'firm':
      return `-f${scope.id}`;
    case 'project':
    case 'site':
    case 'corporation':
      return `-g${scope.id}`;
  }
}

/** A site's home (站点首页), the first screen of the site scope. */
export function siteHomePath(groupId: number): string {
  return `/sites/groups/${groupId}/siteHome`;
}

/** Project home has its own address (spec core §2). */
export function projectHomePath(groupId: number): string {
  return `/project/${groupId}/index/projectHD/hd`;
}

/** Flattens a menu tree into routes; containers and link entries make no route. */
export function generateRoutes(menus: MenuEntry[], scope: RouteScope): GeneratedRoute[] {
  const routes: GeneratedRoute[] = [];
  const visit = (entry: MenuEntry) => {
    for (const child of entry.children) visit(child);
    if (!entry.component || entry.linkUrl) return;
    const path =
      scope.type === 'project' && entry.code === 'router-project'
        ? projectHomePath(scope.id)
        : `${scopePrefix(scope)}/${entry.path}`;
    routes.push({
      name: `${entry.code}${routeSuffix(scope)}`,
      path,
      code: entry.code,
      title: entry.title,
      component: entry.component,
      permission: entry.permission,
      hidden: entry.hidden,
    });
  };
  for (const entry of menus) visit(entry);
  return routes;
}

/** Which scope an address belongs to, read from its prefix. */
export function scopeOfPath(pathname: string): RouteScope {
  const firm = pathname.match(/^\/gatewayfirms\/(\d+)(\/|$)/);
  if (firm) return { type: 'firm', id: Number(firm[1]) };
  const project = pathname.match(/^\/projects\/groups\/(\d+)(\/|$)/) ?? pathname.match(/^\/project\/(\d+)\//);
  if (project) return { type: 'project', id: Number(project[1]) };
  const site = pathname.match(/^\/sites\/groups\/(\d+)(\/|$)/);
  if (site) return { type: 'site', id: Number(site[1]) };
  const corporation = pathname.match(/^\/corporations\/groups\/(\d+)(\/|$)/);
  if (corporation) return { type: 'corporation', id: Number(corporation[1]) };
  if (/^\/system(\/|$)/.test(pathname)) return { type: 'system' };
  return { type: 'personal' };
}
