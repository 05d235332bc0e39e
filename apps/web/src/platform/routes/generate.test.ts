import type { MenuEntry } from '@iot/contracts/menus';
import { describe, expect, it } from 'vitest';
import { generateRoutes, scopeOfPath, siteHomePath } from './generate';

function entry(code: string, path: string, component: string | null, children: MenuEntry[] = []): MenuEntry {
  return {
    id: 1,
    code,
    path,
    title: code,
    alias: code,
    icon: null,
    customType: null,
    component,
    firmId: null,
    groupId: null,
    subSystem: 4,
    permission: 1,
    hidden: false,
    linkUrl: null,
    children,
  };
}

describe('generated routes', () => {
  const menus = [
    entry('router-project', 'projectHD/hd', 'projects/ProjectHome'),
    entry('router-monitor', 'monitor', null, [
      entry('router-realTimeData', 'realTimeData', 'monitoring/RealTimeData'),
    ]),
  ];

  it('names and prefixes project routes with -g{groupId}; project home has its own path', () => {
    expect(generateRoutes(menus, { type: 'project', id: 12 }).map((r) => [r.name, r.path])).toEqual([
      ['router-project-g12', '/project/12/index/projectHD/hd'],
      ['router-realTimeData-g12', '/projects/groups/12/realTimeData'],
    ]);
  });

  it('uses -f{firmId} under /gatewayfirms, -g under /corporations/groups and -s for the system', () => {
    const one = [entry('router-x', 'x', 'a/X')];
    expect(generateRoutes(one, { type: 'firm', id: 3 })[0]).toMatchObject({
      name: 'router-x-f3',
      path: '/gatewayfirms/3/x',
    });
    expect(generateRoutes(one, { type: 'corporation', id: 4 })[0]).toMatchObject({
      name: 'router-x-g4',
      path: '/corporations/groups/4/x',
    });
    expect(generateRoutes(one, { type: 'system' })[0]).toMatchObject({
      name: 'router-x-s',
      path: '/system/x',
    });
  });

  it('routes the site scope (sub-system 7) under /sites/groups/{groupId} with -g{groupId}', () => {
    const site = [entry('router-site-home', 'siteHome', 'groups/SiteHome')];
    expect(generateRoutes(site, { type: 'site', id: 42 })[0]).toMatchObject({
      name: 'router-site-home-g42',
      path: '/sites/groups/42/siteHome',
    });
    expect(siteHomePath(42)).toBe('/sites/groups/42/siteHome');
    expect(scopeOfPath('/sites/groups/42/siteHome')).toEqual({ type: 'site', id: 42 });
    expect(scopeOfPath('/sites/groups/42')).toEqual({ type: 'site', id: 42 });
    expect(scopeOfPath('/sites/other')).toEqual({ type: 'personal' });
  });

  it('reads the scope back from an address', () => {
    expect(scopeOfPath('/projects/groups/12/realTimeData')).toEqual({ type: 'project', id: 12 });
    expect(scopeOfPath('/project/12/index/projectHD/hd')).toEqual({ type: 'project', id: 12 });
    expect(scopeOfPath('/gatewayfirms/3/gateways')).toEqual({ type: 'firm', id: 3 });
    expect(scopeOfPath('/system/users')).toEqual({ type: 'system' });
    expect(scopeOfPath('/usercenter')).toEqual({ type: 'personal' });
  });
});
