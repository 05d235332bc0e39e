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
  /**
   * Ours (decision 0065 "Browser players"): the platform answered an address only its own web SDK
   * opens (ezopen://, imou://), which this page does not load. `platform` is AggTypeNames' name.
   */
  VENDOR_PLAYER_ONLY: (platform: string) => `该视频只能在${platform}的官方播放器中观看，本页面无法播放`,
} as const;

/** Snapshot flags: 'W' taken for a warning (feature-areas §7), 'M' taken by hand. */
export const SNAPSHOT_FLAGS = ['W', 'M'] as const;
/** A snapshot answers a time when it was taken within this distance of it. */
export const SNAPSHOT_MATCH_MS = 10 * 60_000;
/** How long a relay ticket in a play URL stays valid (longer than the 5-minute cache). */
export const STREAM_TICKET_TTL_MS = 15 * 60_000;
/** The relay's path: GET for HTTP-FLV, the same path upgraded for WebSocket-FLV. */
export const CAMERA_STREAM_PATH = '/iot/cameras/live.flv';

/** Our own texts of the 视频监控 screen and its rules (not given by the spec). */
export const CameraTexts = {
  PLATFORM_NOT_CONFIGURED: '该摄像头平台未配置',
  NOT_FOUND: '摄像头不存在',
  GROUP_NOT_FOUND: '分组不存在',
  ACCOUNT_NOT_FOUND: '摄像头账号不存在',
  ACCOUNT_NAME_TAKEN: '账号名称已存在',
  ACCOUNT_IN_USE: '该账号下还有摄像头，不能删除',
  ACCOUNT_PLATFORM_MISMATCH: '账号所属平台与摄像头平台不一致',
  VIDEO_URL_REQUIRED: 'HTTP-FLV 摄像头须填写视频地址',
  VIDEO_URL_FORMAT: '视频地址须以 http:// 或 https:// 开头',
  SERIAL_REQUIRED: '请输入设备序列号',
  VALIDATE_CODE_REQUIRED: '加密的摄像头须填写验证码',
  PRESET_NAME_TAKEN: '预置点名称已存在',
  PRESET_NOT_FOUND: '预置点不存在',
  PRESET_FULL: '预置点已满',
  SNAPSHOT_UNAVAILABLE: '服务器未安装 ffmpeg，无法抓取 HTTP-FLV 摄像头的截图',
  STREAM_UNREACHABLE: '无法连接摄像头的视频流',
  TICKET_INVALID: '播放地址无效或已过期',
  TIME_FORMAT: '时间格式为 YYYY-MM-DD HH:mm:ss',
  /** A `demo://` camera on a server without ffmpeg (decision 0064, "Demo cameras"). */
  DEMO_VIDEO_UNAVAILABLE: '演示视频源不可用：服务器未安装 ffmpeg',
} as const;

/**
 * The demo cameras' address scheme: `demo://{stream}` plays the server's own test pattern (decision
 * 0064, "Demo cameras"); resolved by the server at play time, so it survives a change of port.
 */
export const DEMO_VIDEO_SCHEME = 'demo://';

/** The talk control's states (feature-areas §4: talk "starts then reports talk state"; our texts). */
export const CameraTalkTexts = {
  START: '对讲',
  STOP: '结束对讲',
  CONNECTING: '对讲连接中…',
  TALKING: '对讲中',
} as const;

/** 'YYYY-MM-DD HH:mm:ss' (the spec's time format of snapshots and playbacks). */
export const specTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, CameraTexts.TIME_FORMAT);

const flagNumber = z.union([z.literal(0), z.literal(1)]);

/** A camera as answered (never its validatecode). */
export const camera = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  name: z.string(),
  /** Poster image. */
  imgUrl: z.string(),
  deviceSerial: z.string(),
  channelNo: z.number().int(),
  aggType: z.number().int(),
  videoUrl: z.string().nullable(),
  /** 2: encrypted with validatecode. */
  ifEncrypt: z.number().int(),
  hasValidateCode: z.boolean(),
  cameraAccount: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** 1: live, PTZ/talk capable. */
  type: z.number().int(),
  showYuntaiIcon: flagNumber,
  showTalkIcon: flagNumber,
  /**
   * Issue 16: the camera this one was shared from (decision 0069); such a camera is read-only here:
   * live view and playback, nothing that changes or moves it.
   */
  shareOwnerId: z.number().int().nullable(),
  /** The sharing project's name, for a shared camera. */
  sharedFrom: z.string().nullable().optional(),
  /**
   * A shared camera the owner deleted: listed until removed here, and playing it answers
   * 被分享设备{name}已被删除，无法观看！ (feature-areas §5).
   */
  shareGone: z.boolean().optional(),
  isOnline: flagNumber,
  /** What the camera's back-end can do (HTTP-FLV: nothing but play). */
  supports: z.object({ ptz: z.boolean(), talk: z.boolean(), playback: z.boolean(), presets: z.boolean() }),
});
export type Camera = z.infer<typeof camera>;

const httpUrl = z
  .string()
  .trim()
  .max(1000)
  .regex(/^https?:\/\/\S+$/i, CameraTexts.VIDEO_URL_FORMAT);
/** A camera's stream: an http(s) FLV address, or a demo stream (`demo://gate`); the form checks the same. */
export const VIDEO_URL_PATTERN = /^(https?:\/\/\S+|demo:\/\/[a-z0-9-]{1,32})$/i;
const videoUrl = z.string().trim().max(1000).regex(VIDEO_URL_PATTERN, CameraTexts.VIDEO_URL_FORMAT);

/** Create / update a camera. On update an absent or empty validateCode keeps the stored one. */
export const cameraBody = z
  .object({
    name: z.string().trim().min(1, '请输入摄像头名称').max(64, '名称最多64个字符'),
    /** The group the camera sits in (the path's group when absent). */
    groupId: z.coerce.number().int().positive().optional(),
    imgUrl: z.string().trim().max(512).default(''),
    deviceSerial: z.string().trim().max(64).default(''),
    channelNo: z.coerce.number().int().min(0).max(9999).default(1),
    aggType: z.coerce
      .number()
      .int()
      .refine((v) => (AGG_TYPES as number[]).includes(v), '请选择摄像头平台'),
    videoUrl: videoUrl.nullish(),
    ifEncrypt: z.coerce.number().int().min(0).max(2).default(0),
    validateCode: z.string().trim().max(64).optional(),
    cameraAccountId: z.coerce.number().int().positive().nullish(),
    type: z.coerce.number().int().min(0).max(9).default(LIVE_CAMERA_TYPE),
    showYuntaiIcon: flagNumber.default(0),
    showTalkIcon: flagNumber.default(0),
  })
  .superRefine((value, ctx) => {
    if (value.aggType === AggType.HTTP_FLV && !value.videoUrl)
      ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: CameraTexts.VIDEO_URL_REQUIRED });
    if (value.aggType !== AggType.HTTP_FLV && !value.deviceSerial)
      ctx.addIssue({ code: 'custom', path: ['deviceSerial'], message: CameraTexts.SERIAL_REQUIRED });
  });
export type CameraBody = z.input<typeof cameraBody>;

/** A cloud account (never its secret). */
export const cameraAccount = z.object({
  id: z.number().int(),
  aggType: z.number().int(),
  name: z.string(),
  appKey: z.string(),
  hasSecret: z.boolean(),
  baseUrl: z.string().nullable(),
  cameraCount: z.number().int(),
});
export type CameraAccount = z.infer<typeof cameraAccount>;

/** Create / update an account; on update an absent or empty appSecret keeps the stored one. */
export const cameraAccountBody = z.object({
  aggType: z.coerce
    .number()
    .int()
    .refine((v) => (AGG_TYPES as number[]).includes(v) && v !== AggType.HTTP_FLV, '请选择摄像头平台'),
  name: z.string().trim().min(1, '请输入账号名称').max(64, '名称最多64个字符'),
  appKey: z.string().trim().min(1, '请输入 AppKey').max(128),
  appSecret: z.string().trim().max(256).optional(),
  baseUrl: httpUrl.nullish(),
});
export type CameraAccountBody = z.input<typeof cameraAccountBody>;

export const cameraListQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  /** Only this group's own cameras, not those of the groups below it. */
  onlyOwn: z.enum(['true', 'false', '1', '0']).optional(),
});

/** Snapshots (feature-areas §7): camera ids comma-separated, time 'YYYY-MM-DD HH:mm:ss', flag 'W'. */
export const snapshotQuery = z.object({
  cameraIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'cameraIds: 摄像头编号以逗号分隔')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.length <= 64, '一次最多64个摄像头'),
  time: specTime,
  flag: z.enum(SNAPSHOT_FLAGS).default('W'),
});
/** Take snapshots now (a warning's autoCapture, or by hand). */
export const snapshotCaptureBody = z.object({
  cameraIds: z.array(z.coerce.number().int().positive()).min(1).max(64),
  flag: z.enum(SNAPSHOT_FLAGS).default('M'),
});
/** Camera id → snapshot URL; a camera without one is absent. */
export const snapshotMap = z.record(z.string(), z.string());

export const playUrl = z.object({ url: z.string() });
export const playbacksQuery = z.object({ beginTime: specTime, endTime: specTime });
export const playbacksAnswer = z.object({ url: z.string(), playbacks: z.array(playbackRecord) });

/** The link platform's sessions (decision 0065): a streamPath from playUrl / talkUrl / playbacks. */
const streamPath = z.string().trim().min(1).max(512);
/** The browser's WebRTC offer for a streamPath (to watch, or to push its microphone for talk). */
export const webrtcBody = z.object({ streamPath, offer: z.string().min(1).max(65_536) });
export const webrtcAnswer = z.object({ answer: z.string() });
export const talkBody = z.object({ streamPath, action: z.enum(['start', 'stop']) });
export const byeBody = z.object({ streamPath });
/** Cloud services A and B: the token their vendor's web player needs beside the URL. */
export const playerToken = z.object({ token: z.string() });

/** PTZ execute: start/stop, direction (zoom included), speed (1 in project calls). */
export const ptzBody = z.object({
  action: z.enum(['start', 'stop']),
  direction: z.enum(PTZ_DIRECTIONS),
  speed: z.coerce.number().int().min(1).max(255).default(CameraLimits.PROJECT_PTZ_SPEED),
});

export const preset = z.object({
  id: z.number().int(),
  cameraId: z.number().int(),
  index: z.number().int(),
  name: z.string(),
  imgUrl: z.string(),
});
export type Preset = z.infer<typeof preset>;
/** The highest preset index a camera takes. */
export const MAX_PRESET_INDEX = 255;
export const presetBody = z.object({
  name: z.string().trim().min(1, '请输入预置点名称').max(32, '名称最多32个字符'),
});
export const presetNameCheckQuery = z.object({
  name: z.string().trim().min(1),
  excludeId: z.coerce.number().int().optional(),
});

/** A group a camera may sit in (the screen's group picker; monitoring points hold no cameras). */
export const cameraGroupOption = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
});
export type CameraGroupOption = z.infer<typeof cameraGroupOption>;

/** GB28181 (decision 0070): texts of the built-in SIP platform's calls. */
export const Gb28181Texts = {
  DEVICE_ID_FORMAT: '国标设备编号须为20位数字',
  /** The device's stored catalog lists no channel of this number. */
  NO_CHANNEL: (channelNo: number) => `国标设备没有${channelNo}号通道`,
  /** A device is one project's: the first to add it as a camera (sharing lends it to others). */
  DEVICE_TAKEN: '该国标设备已被其他项目添加',
} as const;

/** A GB28181 device's catalog channels, for picking a camera's channelNo (1, 2, … as first listed). */
export const gbChannelsQuery = z.object({
  deviceSerial: z
    .string()
    .trim()
    .regex(/^\d{20}$/, Gb28181Texts.DEVICE_ID_FORMAT),
});
export const gbChannels = z.object({
  /** The device has registered with the platform at least once. */
  registered: z.boolean(),
  online: z.boolean(),
  channels: z.array(
    z.object({ channelNo: z.number().int(), channelId: z.string(), name: z.string(), status: z.string() }),
  ),
});
export type GbChannels = z.infer<typeof gbChannels>;
