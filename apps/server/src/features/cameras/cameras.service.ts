import {
  AggType,
  type Camera,
  CameraLimits,
  CameraMessages,
  CameraTexts,
  type cameraBody,
  ENCRYPTED,
  MAX_PRESET_INDEX,
  type Preset,
  type PtzDirection,
  SNAPSHOT_MATCH_MS,
} from '@iot/contracts/cameras';
import { ShareMessages } from '@iot/contracts/sharing';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { camerasChanged, camerasChannel } from '../../platform/camera-config.js';
import type { ClusterBus } from '../../platform/cluster-bus.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { FileStore } from '../../platform/files.js';
import { NodeCache } from '../../platform/node-cache.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { type CameraBackend, CameraBackendError, type CameraRef } from './backend.js';
import type { CameraBackends } from './backends/registry.js';
import { CameraAccountsService } from './camera-accounts.service.js';
import type { CameraFields, CameraRow, CamerasRepository } from './cameras.repository.js';
import { parseSpecTime } from './spec-time.js';

type CameraInput = z.output<typeof cameraBody>;

/** A camera changed or went (or stopped being shared): every node forgets its play URL and stream. */
export { camerasChannel };

/** The owner's camera behind a copy shared into a project (decision 0069). */
type ShareSource = { row: CameraRow; projectName: string };

/**
 * 视频监控 (docs/decisions/0064-cameras.md): cameras and cloud accounts of a project, and the calls
 * of feature-areas §7 passed to the camera's back-end. Secrets (account secret, validatecode) are
 * sealed at rest, opened only for a back-end call, never answered.
 */
export class CamerasService {
  private readonly playUrls: NodeCache<number, string>;
  /** Cloud accounts; a changed one may make cameras play through other credentials. */
  readonly accounts: CameraAccountsService;

  constructor(
    private readonly repository: CamerasRepository,
    private readonly backends: CameraBackends,
    private readonly box: SecretBox,
    private readonly files: FileStore,
    private readonly cluster: ClusterBus,
    private readonly log: FastifyBaseLogger,
    /** A platform's own check of a camera's device fields (GB28181: the id, its owner, the catalog's channels). */
    private readonly checkDevice: (projectId: number, camera: CameraInput) => Promise<void> = async () =>
      undefined,
  ) {
    this.playUrls = new NodeCache(cluster, {
      ttlMs: CameraLimits.PLAY_URL_CACHE_MS,
      maxEntries: 10_000,
    });
    cluster.subscribe(camerasChannel, ({ cameraId }) => this.playUrls.delete(cameraId));
    this.accounts = new CameraAccountsService(repository, box, () => this.playUrls.clear());
  }

  // Cameras.

  async groupOptions(projectId: number) {
    const rows = await this.repository.groupOptions(projectId);
    return rows.map((g) => ({ id: g.id, name: g.name, parentId: g.parent_id }));
  }

  async list(projectId: number, groupId: number, keyword?: string, onlyOwn = false): Promise<Camera[]> {
    const groups = onlyOwn ? [groupId] : await this.repository.subtree(projectId, groupId);
    const rows = await this.repository.list(projectId, groups, keyword);
    const sources = await this.repository.shareSources(
      projectId,
      rows.flatMap((r) => (r.share_owner_id === null ? [] : [r.share_owner_id])),
    );
    return rows.map((row) =>
      row.share_owner_id === null
        ? this.answer(row)
        : this.answer(row, sources.get(row.share_owner_id) ?? 'gone'),
    );
  }

  async detail(projectId: number, id: number): Promise<Camera> {
    const { row, source } = await this.view(projectId, id);
    return this.answer(row, source);
  }

  async create(projectId: number, pathGroupId: number, input: CameraInput): Promise<Camera> {
    const fields = await this.fields(projectId, pathGroupId, input, null);
    const id = await this.repository.insert(projectId, fields);
    return this.detail(projectId, id);
  }

  async update(projectId: number, pathGroupId: number, id: number, input: CameraInput): Promise<Camera> {
    const current = await this.own(projectId, id);
    await this.repository.update(projectId, id, await this.fields(projectId, pathGroupId, input, current));
    await this.changed(id);
    return this.detail(projectId, id);
  }

  /** Deletes an own camera; of a shared one, only a copy whose camera or share is gone (a cleanup). */
  async remove(projectId: number, id: number): Promise<void> {
    const row = await this.row(projectId, id);
    if (row.share_owner_id !== null && (await this.repository.shareSource(projectId, row)))
      throw forbidden(ShareMessages.CAMERA_READ_ONLY);
    await this.repository.delete(projectId, id);
    await this.changed(id);
  }

  private async fields(
    projectId: number,
    pathGroupId: number,
    input: CameraInput,
    current: CameraRow | null,
  ): Promise<CameraFields> {
    await this.checkDevice(projectId, input);
    const groupId = input.groupId ?? current?.group_id ?? pathGroupId;
    if ((await this.repository.subtree(projectId, groupId)).length === 0)
      throw badRequest(CameraTexts.GROUP_NOT_FOUND);
    let accountId: number | null = input.cameraAccountId ?? null;
    if (input.aggType === AggType.HTTP_FLV) accountId = null;
    if (accountId !== null) {
      const account = await this.repository.account(projectId, accountId);
      if (!account) throw badRequest(CameraTexts.ACCOUNT_NOT_FOUND);
      if (account.agg_type !== input.aggType) throw badRequest(CameraTexts.ACCOUNT_PLATFORM_MISMATCH);
    }
    const validateCodeSealed = input.validateCode
      ? this.box.seal(input.validateCode)
      : input.ifEncrypt === ENCRYPTED
        ? (current?.validate_code_sealed ?? '')
        : '';
    if (input.ifEncrypt === ENCRYPTED && !validateCodeSealed)
      throw badRequest(CameraTexts.VALIDATE_CODE_REQUIRED);
    return {
      group_id: groupId,
      name: input.name,
      img_url: input.imgUrl,
      device_serial: input.deviceSerial,
      channel_no: input.channelNo,
      agg_type: input.aggType,
      video_url: input.videoUrl ?? null,
      if_encrypt: input.ifEncrypt,
      validate_code_sealed: validateCodeSealed,
      camera_account_id: accountId,
      type: input.type,
      show_yuntai_icon: input.showYuntaiIcon,
      show_talk_icon: input.showTalkIcon,
    };
  }

  /** The camera and its copies in the projects it is shared into: their streams follow it. */
  private async changed(cameraId: number): Promise<void> {
    await camerasChanged(this.cluster, [cameraId, ...(await this.repository.copiesOf([cameraId]))]);
  }

  private async row(projectId: number, id: number): Promise<CameraRow> {
    const row = await this.repository.find(projectId, id);
    if (!row) throw notFound(CameraTexts.NOT_FOUND);
    return row;
  }

  /**
   * A camera the project may watch: its own, or its copy of a camera shared into it while the share
   * stands and the owner's camera exists (decision 0069); otherwise 被分享设备{name}已被删除，无法观看！.
   */
  private async view(projectId: number, id: number): Promise<{ row: CameraRow; source?: ShareSource }> {
    const row = await this.row(projectId, id);
    if (row.share_owner_id === null) return { row };
    const source = await this.repository.shareSource(projectId, row);
    if (!source) throw badRequest(CameraMessages.SHARED_CAMERA_GONE(row.name));
    return { row, source };
  }

  /** A camera the project may change or move: only its own; a shared one is read-only (403). */
  private async own(projectId: number, id: number): Promise<CameraRow> {
    const row = await this.row(projectId, id);
    if (row.share_owner_id !== null) throw forbidden(ShareMessages.CAMERA_READ_ONLY);
    return row;
  }

  /**
   * A shared camera is answered as the owner's camera is now (name, platform, state), placed in the
   * target's group, without the owner's addresses or accounts, and with nothing it may not do here:
   * no PTZ, talk or presets (the player hides those controls); playback as the platform allows.
   */
  private answer(row: CameraRow, source?: ShareSource | 'gone'): Camera {
    if (source === 'gone')
      return {
        ...this.answer({ ...row, share_owner_id: null }),
        videoUrl: null,
        shareOwnerId: row.share_owner_id,
        shareGone: true,
        showYuntaiIcon: 0,
        showTalkIcon: 0,
        supports: { ptz: false, talk: false, playback: false, presets: false },
      };
    if (source) {
      const owner = source.row;
      const supports = this.backends.supports(owner.agg_type);
      return {
        ...this.answer(owner),
        id: row.id,
        groupId: row.group_id,
        groupName: row.group_name,
        deviceSerial: '',
        videoUrl: null,
        hasValidateCode: false,
        cameraAccount: null,
        showYuntaiIcon: 0,
        showTalkIcon: 0,
        shareOwnerId: owner.id,
        sharedFrom: source.projectName,
        supports: { ...supports, ptz: false, talk: false, presets: false },
      };
    }
    return {
      id: row.id,
      groupId: row.group_id,
      groupName: row.group_name,
      name: row.name,
      imgUrl: row.img_url,
      deviceSerial: row.device_serial,
      channelNo: row.channel_no,
      aggType: row.agg_type,
      videoUrl: row.video_url,
      ifEncrypt: row.if_encrypt,
      hasValidateCode: row.validate_code_sealed !== '',
      cameraAccount:
        row.camera_account_id !== null ? { id: row.camera_account_id, name: row.account_name ?? '' } : null,
      type: row.type,
      showYuntaiIcon: row.show_yuntai_icon ? 1 : 0,
      showTalkIcon: row.show_talk_icon ? 1 : 0,
      shareOwnerId: row.share_owner_id,
      sharedFrom: null,
      isOnline: row.is_online ? 1 : 0,
      supports: this.backends.supports(row.agg_type),
    };
  }

  // Calls passed to the back-end.

  /** What a back-end needs of the camera, secrets opened. */
  private async ref(projectId: number, row: CameraRow): Promise<CameraRef> {
    let account: CameraRef['account'] = null;
    if (row.camera_account_id !== null) {
      const stored = await this.repository.account(projectId, row.camera_account_id);
      if (stored)
        account = {
          id: stored.id,
          aggType: stored.agg_type as AggType,
          baseUrl: stored.base_url,
          appKey: stored.app_key,
          appSecret: this.open(stored.app_secret_sealed),
        };
    }
    return {
      id: row.id,
      name: row.name,
      groupId: row.group_id,
      deviceSerial: row.device_serial,
      channelNo: row.channel_no,
      videoUrl: row.video_url,
      account,
      validateCode: row.validate_code_sealed ? this.open(row.validate_code_sealed) : null,
    };
  }

  private open(sealed: string): string {
    try {
      return this.box.open(sealed);
    } catch {
      // The data key was replaced: the secret must be entered again.
      throw badRequest(CameraMessages.TOKEN_FAILED);
    }
  }

  /**
   * Runs a back-end call; its Chinese message becomes the answer's. A shared camera is reached
   * through the owner's camera (its platform, account and address), for watching only: a call that
   * changes or moves the camera (`write`) is refused there as read-only.
   */
  async call<T>(
    projectId: number,
    id: number,
    work: (backend: CameraBackend, camera: CameraRef) => Promise<T>,
    options: { write?: boolean } = {},
  ): Promise<T> {
    const { row, source } = options.write
      ? { row: await this.own(projectId, id) }
      : await this.view(projectId, id);
    const reached = source?.row ?? row;
    const backend = this.backends.of(reached.agg_type);
    const camera = await this.ref(reached.project_id, reached);
    if (source) camera.viewId = row.id;
    try {
      return await work(backend, camera);
    } catch (error) {
      if (error instanceof CameraBackendError) throw badRequest(error.message);
      throw error;
    }
  }

  /** The play URL, kept 5 minutes per camera on this node (feature-areas §9). */
  async playUrl(projectId: number, id: number): Promise<{ url: string }> {
    // Checked before the cache: a copy whose share went is refused even with a URL cached.
    const { row } = await this.view(projectId, id);
    const url = await this.playUrls
      .get(id, () => this.call(projectId, id, (b, c) => b.playUrl(c)))
      .catch(async (error: unknown) => {
        // A demo camera on a server without ffmpeg has no stream to reach: the lists say 离线.
        if (error instanceof Error && error.message === CameraTexts.DEMO_VIDEO_UNAVAILABLE && row.is_online)
          await this.repository.setOnline(id, false);
        throw error;
      });
    if (!url) throw badRequest(CameraMessages.NO_PLAY_URL);
    return { url };
  }

  /** The cached play URL is a session on some platforms (the link platform's streamPath): forget it once ended. */
  forgetPlayUrl(id: number): void {
    this.playUrls.delete(id);
  }

  async talkUrl(projectId: number, id: number): Promise<{ url: string }> {
    return { url: await this.call(projectId, id, (b, c) => b.talkUrl(c), { write: true }) };
  }

  playbacks(projectId: number, id: number, beginTime: string, endTime: string) {
    const begin = parseSpecTime(beginTime);
    const end = parseSpecTime(endTime);
    if (end <= begin) throw badRequest(CameraMessages.PLAYBACK_RANGE_REQUIRED);
    return this.call(projectId, id, (b, c) => b.playbacks(c, new Date(begin), new Date(end)));
  }

  async ptz(
    projectId: number,
    id: number,
    command: { action: 'start' | 'stop'; direction: PtzDirection; speed: number },
  ) {
    await this.call(projectId, id, (b, c) => b.ptz(c, command), { write: true });
  }

  // Presets.

  async presets(projectId: number, cameraId: number): Promise<Preset[]> {
    const { source } = await this.view(projectId, cameraId);
    // The owner's presets move the owner's camera: none is offered where it is shared.
    if (source) return [];
    return (await this.repository.presets(cameraId)).map(presetAnswer);
  }

  async presetNameAvailable(projectId: number, cameraId: number, name: string, excludeId?: number) {
    await this.own(projectId, cameraId);
    return !(await this.repository.presetNameTaken(cameraId, name.trim(), excludeId));
  }

  /** Stores the camera's current position as a new preset, with a picture of it when one comes. */
  async addPreset(projectId: number, cameraId: number, name: string): Promise<Preset> {
    const row = await this.own(projectId, cameraId);
    const backend = this.backends.of(row.agg_type);
    if (!backend.supports.presets || !backend.presetSet) throw badRequest(CameraMessages.NO_PTZ);
    if (await this.repository.presetNameTaken(cameraId, name)) throw conflict(CameraTexts.PRESET_NAME_TAKEN);
    const used = new Set((await this.repository.presets(cameraId)).map((p) => p.preset_index));
    let index = 1;
    while (used.has(index)) index++;
    if (index > MAX_PRESET_INDEX) throw badRequest(CameraTexts.PRESET_FULL);
    await this.call(projectId, cameraId, (b, c) => b.presetSet!(c, index));
    let presetId: number;
    try {
      presetId = await this.repository.insertPreset(cameraId, index, name);
    } catch {
      // Two people named a preset the same at once: the unique index decided.
      throw conflict(CameraTexts.PRESET_NAME_TAKEN);
    }
    const image = await this.call(projectId, cameraId, (b, c) => b.snapshot(c)).catch(() => null);
    if (image) await this.repository.setPresetImage(presetId, await this.files.putImage('cameras', image));
    else this.log.info({ cameraId }, CameraMessages.PRESET_SNAPSHOT_FAILED);
    return presetAnswer((await this.repository.preset(cameraId, presetId))!);
  }

  async gotoPreset(projectId: number, cameraId: number, presetId: number): Promise<void> {
    await this.own(projectId, cameraId);
    const preset = await this.repository.preset(cameraId, presetId);
    if (!preset) throw notFound(CameraTexts.PRESET_NOT_FOUND);
    await this.call(projectId, cameraId, async (b, c) => {
      if (!b.presetGoto) throw new CameraBackendError(CameraMessages.NO_PTZ);
      await b.presetGoto(c, preset.preset_index);
    });
  }

  async removePreset(projectId: number, cameraId: number, presetId: number): Promise<void> {
    await this.own(projectId, cameraId);
    if (!(await this.repository.preset(cameraId, presetId))) throw notFound(CameraTexts.PRESET_NOT_FOUND);
    await this.repository.deletePreset(cameraId, presetId);
  }

  // Snapshots.

  /** Per camera of the project, the snapshot of this flag nearest the time; cameras without one are absent. */
  async snapshots(projectId: number, cameraIds: number[], time: string, flag: string) {
    const at = parseSpecTime(time);
    const mine = await this.ownIds(projectId, cameraIds);
    const found = await this.repository.nearestSnapshots(mine, flag, at, SNAPSHOT_MATCH_MS);
    return Object.fromEntries([...found].map(([id, url]) => [String(id), url]));
  }

  /**
   * Takes a snapshot of each camera now (a warning's autoCapture with flag 'W', or by hand) and
   * answers id → url of those that gave one; the others are logged with 抓取截图异常.
   */
  async capture(projectId: number, cameraIds: number[], flag: string, at = Date.now()) {
    const mine = await this.ownIds(projectId, cameraIds);
    if (mine.length === 0) throw notFound(CameraTexts.NOT_FOUND);
    const answer: Record<string, string> = {};
    const failures: string[] = [];
    for (const id of mine) {
      try {
        const image = await this.call(projectId, id, (b, c) => b.snapshot(c, at));
        if (!image) continue;
        const url = await this.files.putImage('cameras', image);
        await this.repository.insertSnapshot(id, flag, at, url);
        answer[String(id)] = url;
      } catch (error) {
        this.log.warn({ err: error, cameraId: id }, CameraMessages.SNAPSHOT_FAILED);
        failures.push(error instanceof Error ? error.message : CameraMessages.SNAPSHOT_FAILED);
      }
    }
    // Nothing taken and a reason known (no ffmpeg, platform not configured): say it.
    if (Object.keys(answer).length === 0 && failures.length > 0) throw badRequest(failures[0]!);
    return answer;
  }

  private async ownIds(projectId: number, cameraIds: number[]): Promise<number[]> {
    const own: number[] = [];
    for (const id of cameraIds) if (await this.repository.find(projectId, id)) own.push(id);
    return own;
  }
}

function presetAnswer(row: {
  id: number;
  camera_id: number;
  preset_index: number;
  name: string;
  img_url: string;
}): Preset {
  return {
    id: row.id,
    cameraId: row.camera_id,
    index: row.preset_index,
    name: row.name,
    imgUrl: row.img_url,
  };
}
