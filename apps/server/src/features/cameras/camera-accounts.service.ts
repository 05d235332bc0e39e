import { type CameraAccount, CameraTexts, type cameraAccountBody } from '@iot/contracts/cameras';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { SecretBox } from '../../platform/secret-box.js';
import type { CameraAccountRow, CamerasRepository } from './cameras.repository.js';

type AccountInput = z.output<typeof cameraAccountBody>;

/**
 * 摄像头账号: a project's accounts on the camera clouds (decision 0065). The AppSecret is sealed at
 * rest, opened only by a back-end call, never answered.
 */
export class CameraAccountsService {
  constructor(
    private readonly repository: CamerasRepository,
    private readonly box: SecretBox,
    /** An account's platform or secret changed: cached play URLs may no longer be right. */
    private readonly credentialsChanged: () => void,
  ) {}

  async list(projectId: number): Promise<CameraAccount[]> {
    return (await this.repository.accounts(projectId)).map((row) =>
      accountAnswer(row, Number(row.camera_count ?? 0)),
    );
  }

  async create(projectId: number, input: AccountInput): Promise<CameraAccount> {
    if (!input.appSecret) throw badRequest('请输入 AppSecret');
    if (await this.repository.accountNameTaken(projectId, input.name))
      throw conflict(CameraTexts.ACCOUNT_NAME_TAKEN);
    const id = await this.repository.insertAccount(projectId, {
      agg_type: input.aggType,
      name: input.name,
      app_key: input.appKey,
      base_url: input.baseUrl ?? null,
      app_secret_sealed: this.box.seal(input.appSecret),
    });
    return this.account(projectId, id);
  }

  async update(projectId: number, id: number, input: AccountInput): Promise<CameraAccount> {
    const current = await this.accountRow(projectId, id);
    if (await this.repository.accountNameTaken(projectId, input.name, id))
      throw conflict(CameraTexts.ACCOUNT_NAME_TAKEN);
    if (current.agg_type !== input.aggType && (await this.repository.accountInUse(id)))
      throw badRequest(CameraTexts.ACCOUNT_PLATFORM_MISMATCH);
    await this.repository.updateAccount(projectId, id, {
      agg_type: input.aggType,
      name: input.name,
      app_key: input.appKey,
      base_url: input.baseUrl ?? null,
      ...(input.appSecret ? { app_secret_sealed: this.box.seal(input.appSecret) } : {}),
    });
    // The cameras of the account may now play through other credentials.
    this.credentialsChanged();
    return this.account(projectId, id);
  }

  async remove(projectId: number, id: number): Promise<void> {
    await this.accountRow(projectId, id);
    if (await this.repository.accountInUse(id)) throw conflict(CameraTexts.ACCOUNT_IN_USE);
    await this.repository.deleteAccount(projectId, id);
  }

  private async account(projectId: number, id: number): Promise<CameraAccount> {
    const all = await this.list(projectId);
    return all.find((a) => a.id === id)!;
  }

  private async accountRow(projectId: number, id: number): Promise<CameraAccountRow> {
    const row = await this.repository.account(projectId, id);
    if (!row) throw notFound(CameraTexts.ACCOUNT_NOT_FOUND);
    return row;
  }
}

function accountAnswer(row: CameraAccountRow, cameraCount: number): CameraAccount {
  return {
    id: row.id,
    aggType: row.agg_type,
    name: row.name,
    appKey: row.app_key,
    hasSecret: row.app_secret_sealed !== '',
    baseUrl: row.base_url,
    cameraCount,
  };
}
