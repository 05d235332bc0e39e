import { z } from 'zod';

/** The menu of 视频监控 (project sub-system). */
export const CAMERA_MENU = 'router-videoSurveillance';

/**
 * The player back-ends of feature-areas §2 ("aggType"), the camera platforms of core §3.
 * The numbers are ours (the spec does not show them); they are stored, so never renumber.
 */
export const AggType = {
  /** Cloud camera service A (萤石开放平台-style: access token by account, PTZ start/stop). */
  CLOUD_A: 1,
  /** Cloud camera service B (乐橙开放平台-style: kit token per camera, move 1000 ms, stop operation 10). */
  CLOUD_B: 2,
  /** The link platform: token, invite → streamPath, WebRTC SDP exchange, PTZ, talk, records. */
  LINK: 3,
  /** Plain HTTP-FLV: videoUrl is an FLV stream the server relays. No PTZ, talk or playback. */
  HTTP_FLV: 4,
  /** A security-management platform (GB28181); a media server such as ZLMediaKit does the media. */
  GB28181: 5,
} as const;
export type AggType = (typeof AggType)[keyof typeof AggType];
export const AGG_TYPES = Object.values(AggType) as AggType[];
export const AggTypeNames: Record<AggType, string> = {
  1: '萤石云',
  2: '乐橙云',
  3: '视频联网平台',
  4: 'HTTP-FLV',
  5: '安防管理平台（GB28181）',
};

/** ifEncrypt: 2 means the stream is encrypted with validatecode. */
export const ENCRYPTED = 2;
/** type 1: a live camera that can pan/tilt/zoom and talk. */
export const LIVE_CAMERA_TYPE = 1;

/** Camera constants of feature-areas §9. */
export const CameraLimits = {
  PLAY_DELAY_MS: 1000,
  PLAY_URL_CACHE_MS: 300_000,
  RECONNECT_RETRIES: 3,
  RECONNECT_INTERVAL_MS: 5000,
  TALK_CONNECT_TIMEOUT_MS: 1000,
  TALK_START_DELAY_MS: 2000,
  /** PTZ speed the link back-end takes; project calls send 1. */
  LINK_PTZ_SPEED: 160,
  PROJECT_PTZ_SPEED: 1,
  /** Cloud service B: how long one move lasts, and its stop operation. */
  CLOUD_B_MOVE_MS: 1000,
  CLOUD_B_STOP_OPERATION: 10,
} as const;

/** PTZ directions, shared by every back-end adapter (each maps them to its vendor's codes). */
export const PTZ_DIRECTIONS = [
  'up',
  'down',
  'left',
  'right',
  'upLeft',
  'downLeft',
  'upRight',
  'downRight',
  'zoomIn',
  'zoomOut',
] as const;
export type PtzDirection = (typeof PTZ_DIRECTIONS)[number];

/** A playback record (feature-areas §3), times 'YYYY-MM-DD HH:mm:ss'. */
export const playbackRecord = z.object({ beginTime: z.string(), endTime: z.string() });
export type PlaybackRecord = z.infer<typeof playbackRecord>;

/** Camera texts of feature-areas §5 and §8, in Chinese (the English ones via SpecTexts). */
export const CameraMessages = {
  NO_PLAY_URL: '无法播放，未获得播放地址',
  PLAY_FAILED: '播放异常',
  NO_TALK_URL: '无法对讲，未获得对讲地址',
  TALK_FAILED: '对讲异常',
  MUTE_FAILED: '静音异常',
  SOUND_FAILED: '播放声音异常',
  PLAYBACK_MISSING: '回放不存在',
  PLAYBACK_FETCH_FAILED: '获取回放失败',
  TALK_UNAVAILABLE: '暂时无法对讲',
  TALK_NO_MICROPHONE: '对讲失败，可能没有麦克风',
  TALK_NO_CHANNEL: '对讲失败，无法建立语音通道',
  NO_PTZ: '不支持云台',
  NO_TALK: '不支持对讲',
  NO_PLAYBACK: '不支持回放',
  PLAYBACK_RANGE_REQUIRED: '请选择回放时间',
  PLAYBACK_EMPTY: '当前时间段内没有回放',
  PRESET_SNAPSHOT_FAILED: '抓取预置点图片异常',
  SNAPSHOT_FAILED: '抓取截图异常',
  TOKEN_FAILED: '获取证书失败！',
  SHARED_CAMERA_GONE: (name: string) => `被分享设备${name}已被删除，无法观看！`,
} as const;
