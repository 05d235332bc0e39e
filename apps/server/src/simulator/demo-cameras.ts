import { type Camera, type CameraBody, DEMO_VIDEO_SCHEME } from '@iot/contracts/cameras';
import type { Warning, WarningRule } from '@iot/contracts/warnings';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformClient } from './provision.js';

/** Takes 'W' snapshots of cameras for a moment (the cameras service's capture, handed in by main). */
export type CaptureAt = (projectId: number, cameraIds: number[], at: number) => Promise<unknown>;

/** The latest open warnings with cameras get a snapshot after the history is written (each ~1 s). */
const WARNING_SNAPSHOTS = 12;
/** How far back those warnings may lie. */
const SNAPSHOT_DAYS = 3;
/** Before the demo video source (issue 15): a media server at the platform's own port that never ran. */
const OLD_ADDRESS = /^http:\/\/127\.0\.0\.1:8080\/live\/([a-z0-9]+)\.live\.flv$/;

const base = (projectId: number) => `/iot/groups/${projectId}`;

/** A rule as its edit form would send it back, with other cameras and 自动抓拍. */
function ruleBody(rule: WarningRule, cameraIds: number[], autoCapture: boolean) {
  const offline = rule.kind === 'offline';
  return {
    gatewayIndicatorId: offline ? null : rule.gatewayIndicatorId,
    gatewayId: offline ? rule.gatewayId : null,
    name: rule.name,
    kind: rule.kind,
    level: rule.level,
    low: rule.low,
    high: rule.high,
    value: rule.value,
    ratePerMinute: rule.ratePerMinute,
    offlineMinutes: rule.offlineMinutes,
    delaySeconds: rule.delaySeconds,
    delayCount: rule.delayCount,
    hysteresis: rule.hysteresis,
    schedule: rule.schedule,
    modeIds: rule.modeIds,
    equipmentFault: rule.equipmentFault,
    cameraIds,
    autoCapture,
    enabled: rule.enabled,
  };
}

/** A camera as its edit form would send it back, with changes. */
function cameraBody(camera: Camera, change: Partial<CameraBody>): CameraBody {
  return {
    name: camera.name,
    groupId: camera.groupId,
    imgUrl: camera.imgUrl,
    deviceSerial: camera.deviceSerial,
    channelNo: camera.channelNo,
    aggType: camera.aggType,
    videoUrl: camera.videoUrl,
    ifEncrypt: camera.ifEncrypt,
    cameraAccountId: camera.cameraAccount?.id ?? null,
    type: camera.type,
    showYuntaiIcon: camera.showYuntaiIcon,
    showTalkIcon: camera.showTalkIcon,
    ...change,
  };
}

/**
 * The rules of the gateways at a site with a camera name that camera, as an administrator would in
 * 预警设置, so their warnings show it in 预警详情. Set before the history with `autoCapture` off (a
 * month of warnings must not start a month of ffmpeg grabs at once) and turned on after it.
 * Answers how many rules name a camera.
 */
export async function linkDemoCameras(
  client: PlatformClient,
  projectId: number,
  gateways: { site: string; gatewayId: number }[],
  autoCapture: boolean,
): Promise<number> {
  const cameras = await client.call<Camera[]>('GET', `${base(projectId)}/cameras`);
  const cameraOfGateway = new Map<number, number>();
  for (const g of gateways) {
    const camera = cameras.find((c) => c.groupName === g.site);
    if (camera) cameraOfGateway.set(g.gatewayId, camera.id);
  }
  const rules = await client.call<{ list: WarningRule[] }>(
    'GET',
    `${base(projectId)}/warningRules?size=1000`,
  );
  let linked = 0;
  for (const rule of rules.list) {
    const camera = cameraOfGateway.get(rule.gatewayId);
    if (camera === undefined) continue;
    linked++;
    if (rule.cameraIds.includes(camera) && rule.autoCapture === autoCapture) continue;
    const ids = [...new Set([...rule.cameraIds, camera])];
    await client.call('PUT', `${base(projectId)}/warningRules/${rule.id}`, ruleBody(rule, ids, autoCapture));
  }
  return linked;
}

/**
 * Snapshots for the latest warnings that name cameras, at each warning's time (the demo source
 * draws that time on the picture), so 预警详情 shows what the camera saw. Answers how many were
 * taken; 0 when the server cannot grab frames (no ffmpeg).
 */
export async function snapshotDemoWarnings(
  client: PlatformClient,
  projectId: number,
  capture: CaptureAt,
  log: FastifyBaseLogger,
): Promise<number> {
  const since = Date.now() - SNAPSHOT_DAYS * 86_400_000;
  const warnings = await client.call<{ list: Warning[] }>('GET', `${base(projectId)}/warnings?size=200`);
  const recent = warnings.list
    .filter((w) => w.cameraIds.length > 0 && w.startedAt >= since)
    .slice(0, WARNING_SNAPSHOTS);
  let taken = 0;
  for (const warning of recent) {
    try {
      await capture(projectId, warning.cameraIds, warning.startedAt);
      taken++;
    } catch (error) {
      log.warn({ err: error }, 'demo warning snapshots not taken');
      break;
    }
  }
  return taken;
}

/**
 * Every start: cameras seeded before the demo video source move to it (their old address never
 * played), and a demo camera without a picture gets one (the player's poster). A failure (no
 * ffmpeg) is logged; the cameras then say 演示视频源不可用 when played.
 */
export async function stockDemoCameras(
  client: PlatformClient,
  projectId: number,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    let cameras = await client.call<Camera[]>('GET', `${base(projectId)}/cameras`);
    for (const camera of cameras) {
      const old = camera.videoUrl ? OLD_ADDRESS.exec(camera.videoUrl) : null;
      if (!old) continue;
      await client.call(
        'PUT',
        `${base(projectId)}/cameras/${camera.id}`,
        cameraBody(camera, { videoUrl: `${DEMO_VIDEO_SCHEME}${old[1]}` }),
      );
    }
    cameras = await client.call<Camera[]>('GET', `${base(projectId)}/cameras`);
    const bare = cameras.filter((c) => !c.imgUrl && c.videoUrl?.startsWith(DEMO_VIDEO_SCHEME));
    if (bare.length === 0) return;
    const pictures = await client.call<Record<string, string>>(
      'POST',
      `${base(projectId)}/cameras/snapshots`,
      { cameraIds: bare.map((c) => c.id), flag: 'M' },
    );
    for (const camera of bare) {
      const url = pictures[String(camera.id)];
      if (url)
        await client.call(
          'PUT',
          `${base(projectId)}/cameras/${camera.id}`,
          cameraBody(camera, { imgUrl: url }),
        );
    }
    log.info({ cameras: Object.keys(pictures).length }, 'demo camera pictures taken');
  } catch (error) {
    log.warn({ err: error }, 'demo camera pictures not taken');
  }
}
