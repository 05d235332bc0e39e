import type { Platform } from '../../platform/platform.js';
import { ClientsRepository } from './clients.repository.js';
import { registerClientRoutes } from './clients.routes.js';
import { ClientsService } from './clients.service.js';

export type { ClientsService };

export function clientsFeature(platform: Platform): { clients: ClientsService } {
  const clients = new ClientsService(new ClientsRepository(platform.db));
  registerClientRoutes(platform.router, clients);
  return { clients };
}
