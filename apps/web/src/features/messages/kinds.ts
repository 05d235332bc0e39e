import { type MessageKind, type MessageType, MessageTypeKinds } from '@iot/contracts/messages';
import { type MessageSetting, noticeDuration } from '@iot/contracts/users';

/** The user's setting keys of each kind (spec core §3): notice duration and voice read-out. */
const KIND_SETTINGS: Record<MessageKind, { operate: keyof MessageSetting; voice: keyof MessageSetting }> = {
  warning: { operate: 'warningMessageOperate', voice: 'isWarningVoice' },
  malfunction: { operate: 'malfunctionMessageOperate', voice: 'isMalfunctionVoice' },
  maintenance: { operate: 'maintenanceMessageOperate', voice: 'isMaintenanceVoice' },
  other: { operate: 'otherMessageOperate', voice: 'isOtherVoice' },
};

/**
 * Seconds a notice of this type stays open: 4.5, or 0 to keep it until closed, by the kind's
 * operation mode (spec feature-areas §3/§9, decision 0044).
 */
export function messageNoticeDuration(setting: MessageSetting, type: MessageType): number {
  return noticeDuration(Number(setting[KIND_SETTINGS[MessageTypeKinds[type]].operate]));
}

/** Whether the title is read out: the kind's voice switch, effective only while messages show. */
export function speaks(setting: MessageSetting, type: MessageType): boolean {
  return setting.isShowMessage && setting[KIND_SETTINGS[MessageTypeKinds[type]].voice] === true;
}

/** Raises (warnings, malfunctions) warn; releases succeed; reminders and the rest inform. */
export function noticeIcon(type: MessageType): 'warning' | 'error' | 'success' | 'info' {
  if (type === 'warning') return 'warning';
  if (type === 'malfunction') return 'error';
  if (type.endsWith('Release')) return 'success';
  return 'info';
}

/** Types whose message leads to a warning of the warning list (relationId is the warning's id). */
export const isWarningMessage = (type: MessageType) => type === 'warning' || type === 'warningRelease';

/** Tag colours of the types in lists. */
export const TYPE_COLORS: Record<MessageType, string> = {
  warning: 'orange',
  warningRelease: 'green',
  malfunction: 'red',
  malfunctionRelease: 'green',
  maintenance: 'blue',
  maintenanceRelease: 'cyan',
  other: 'default',
};
