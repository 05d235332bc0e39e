import type { Platform } from '../../platform/platform.js';
import { CustomDomainsRepository } from './custom-domains.repository.js';
import { registerCustomDomainRoutes } from './custom-domains.routes.js';
import { CustomDomainsService } from './custom-domains.service.js';

export type { CustomDomainsService };

export function customDomainsFeature(platform: Platform): { domains: CustomDomainsService } {
  const domains = new CustomDomainsService(new CustomDomainsRepository(platform.db));
  registerCustomDomainRoutes(platform.router, domains);
  return { domains };
}
