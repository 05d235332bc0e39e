import type { PageQuery } from '@iot/contracts';
import { ClientMessages, WEB_CLIENT_ID } from '@iot/contracts/clients';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { randomToken } from '../../platform/auth/tokens.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { ClientsRepository } from './clients.repository.js';

/** Integrations sign in as the user they were registered for, with that user's permissions. */
export class ClientsService {
  constructor(private readonly repository: ClientsRepository) {}

  list(pageQuery: PageQuery, keyword?: string) {
    return this.repository.list(pageQuery, { keyword });
  }

  /** The clients that can reach a project: those signing in as one of its members. */
  listOfProject(projectId: number, pageQuery: PageQuery, keyword?: string) {
    return this.repository.list(pageQuery, { keyword, projectId });
  }

  async isClientIdAvailable(clientId: string): Promise<boolean> {
    return clientId !== WEB_CLIENT_ID && !(await this.repository.findByClientId(clientId));
  }

  async create(input: { name: string; clientId: string; userId: number }) {
    if (!(await this.isClientIdAvailable(input.clientId))) throw conflict(ClientMessages.CLIENT_ID_TAKEN);
    if (!(await this.repository.userExists(input.userId))) throw notFound(ClientMessages.USER_NOT_FOUND);
    const secret = randomToken(32);
    const id = await this.repository.create({ ...input, secretHash: await hashPassword(secret) });
    return { ...(await this.get(id)), clientSecret: secret };
  }

  async get(id: number) {
    const client = await this.repository.get(id);
    if (!client) throw notFound(ClientMessages.NOT_FOUND);
    return client;
  }

  async update(id: number, patch: { name?: string | undefined; enabled?: boolean | undefined }) {
    await this.get(id);
    await this.repository.update(id, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.enabled !== undefined ? { enabled: patch.enabled ? 1 : 0 } : {}),
    });
    return this.get(id);
  }

  async rotateSecret(id: number) {
    const client = await this.get(id);
    const secret = randomToken(32);
    await this.repository.update(id, { secret_hash: await hashPassword(secret) });
    return { ...client, clientSecret: secret };
  }

  async delete(id: number): Promise<void> {
    await this.get(id);
    await this.repository.delete(id);
  }

  /** The enabled client with this id and secret, or undefined. */
  async verify(clientId: string, secret: string) {
    const client = await this.repository.findByClientId(clientId);
    const valid = await verifyPassword(client?.secretHash ?? null, secret);
    return valid && client?.enabled ? client : undefined;
  }
}
