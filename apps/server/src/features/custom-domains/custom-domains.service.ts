import type { PageQuery } from '@iot/contracts';
import { type CustomDomainConfig, CustomDomainMessages } from '@iot/contracts/custom-domains';
import { conflict, notFound } from '../../platform/errors.js';
import type { CustomDomainsRepository } from './custom-domains.repository.js';

type Input = { domainName: string; loginSystemName: string; logoUrl: string };

export class CustomDomainsService {
  constructor(private readonly repository: CustomDomainsRepository) {}

  list(pageQuery: PageQuery, keyword?: string) {
    return this.repository.list(pageQuery, keyword);
  }

  async get(id: number): Promise<CustomDomainConfig> {
    const config = await this.repository.get(id);
    if (!config) throw notFound(CustomDomainMessages.NOT_FOUND);
    return config;
  }

  async create(input: Input): Promise<CustomDomainConfig> {
    if (await this.repository.isTaken(input.domainName)) throw conflict(CustomDomainMessages.DOMAIN_TAKEN);
    return this.get(await this.repository.create(input));
  }

  async update(id: number, input: Input): Promise<CustomDomainConfig> {
    await this.get(id);
    if (await this.repository.isTaken(input.domainName, id))
      throw conflict(CustomDomainMessages.DOMAIN_TAKEN);
    await this.repository.update(id, input);
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    await this.get(id);
    await this.repository.delete(id);
  }

  async isDomainAvailable(domainName: string, excludeId?: number): Promise<boolean> {
    return !(await this.repository.isTaken(domainName, excludeId));
  }

  /** The configuration of the host a request came to, if it is a customer's domain. */
  forHost(host: string): Promise<CustomDomainConfig | undefined> {
    return this.repository.findByDomain(host.toLowerCase());
  }
}
